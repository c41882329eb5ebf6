/**
 * Sends a generated request over a real socket and checks the answer against the document: the
 * status is documented for the operation, never a 5xx; the media type is one the documented
 * response lists (no content when it lists none); the body matches that media type's schema (ajv).
 * Method cases must get exactly the status and `Allow` the path item implies.
 */
import http from 'node:http';
import type { RequestCase } from './cases.js';
import type { SchemaCheck } from './schema-check.js';
import type { SpecDocument, SpecResponse, SpecSchema } from './spec-types.js';
import { parseEvents } from './sse-items.js';

export { SchemaCheck } from './schema-check.js';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function send(base: string, request: RequestCase): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { ...request.headers, connection: 'close' };
    if (request.upgrade)
      Object.assign(headers, {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-version': '13',
      });
    // A fresh connection per request: no answer is read on a connection an earlier one left behind.
    const outgoing = http.request(`${base}${request.target}`, {
      method: request.method,
      headers,
      agent: false,
    });
    outgoing.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body: '' });
    });
    outgoing.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** What is wrong with the answer to `request`, as sentences; empty when it agrees with the document. */
export function findings(
  document: SpecDocument,
  check: SchemaCheck,
  request: RequestCase,
  answer: Answer,
): string[] {
  if (request.kind === 'method') return methodFindings(request, answer);
  const found: string[] = [];
  if (answer.status >= 500 && !request.mayCrash)
    found.push(`a ${answer.status}: ${answer.body.slice(0, 200)}`);
  if (request.kind === 'invalid' && answer.status < 400)
    found.push(`an invalid request was accepted with ${answer.status}`);
  if (request.kind === 'valid' && request.sure && [400, 413, 415].includes(answer.status)) {
    found.push(`a valid request was refused with ${answer.status}: ${answer.body.slice(0, 300)}`);
  }
  const response = documentedResponse(document, request, answer.status);
  if (!response) return [...found, `the status ${answer.status} is not documented`];
  return [...found, ...contentFindings(check, response, answer)];
}

function methodFindings(request: RequestCase, answer: Answer): string[] {
  const found: string[] = [];
  if (answer.status !== request.expect?.status)
    found.push(`${answer.status}, expected ${request.expect?.status}`);
  if (request.expect?.allow !== undefined && answer.headers.allow !== request.expect.allow) {
    found.push(`Allow: ${answer.headers.allow}, the document implies ${request.expect.allow}`);
  }
  return found;
}

function documentedResponse(
  document: SpecDocument,
  request: RequestCase,
  status: number,
): SpecResponse | undefined {
  const responses = request.operation?.operation.responses ?? {};
  const found = responses[String(status)] ?? responses.default;
  if (found && '$ref' in found) {
    return document.components?.responses?.[found.$ref.slice('#/components/responses/'.length)];
  }
  return found;
}

function contentFindings(check: SchemaCheck, response: SpecResponse, answer: Answer): string[] {
  const mediaType = answer.headers['content-type']?.split(';')[0]?.trim();
  const content = response.content ?? {};
  if (mediaType === undefined) return answer.body === '' ? [] : ['a body without a content type'];
  const documented = content[mediaType];
  if (!documented)
    return [
      `the media type ${mediaType} is not documented (documented: ${Object.keys(content).join(', ') || 'none'})`,
    ];
  if (documented.itemSchema) return eventFindings(check, documented.itemSchema, answer.body);
  if (!mediaType.endsWith('json')) return [];
  let value: unknown;
  try {
    value = JSON.parse(answer.body);
  } catch {
    return [`the ${mediaType} body is not JSON: ${answer.body.slice(0, 100)}`];
  }
  if (documented.schema === undefined) return [`the ${mediaType} answer has no schema to check it by`];
  const problem = check.problem(documented.schema, value);
  return problem ? [`the body breaks its schema: ${problem}`] : [];
}

/** 3.2's `itemSchema`: each event of the stream, as a browser parses it, must match it. */
function eventFindings(check: SchemaCheck, itemSchema: SpecSchema, body: string): string[] {
  const found: string[] = [];
  for (const [index, event] of parseEvents(body).entries()) {
    const problem = check.problem(itemSchema, event);
    if (problem) found.push(`event ${index + 1} breaks the item schema: ${problem}`);
  }
  return found;
}
