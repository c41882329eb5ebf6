/**
 * The proof that the document is right: a client generated at test time from the WRITTEN
 * swagger.json calls every documented operation (path-item methods and `x-svc-methods`) on the
 * live server with a request built from the documented parameters and request body, and checks
 * that the answer is what the document says: a documented (and successful) status, the
 * documented media type, and a body valid against the documented schema.
 */
import http from 'node:http';
import { WebSocket } from 'ws';
import { SampleMaker } from './openapi-samples.js';
import { DocumentValidator, type Schema } from './openapi-schema.js';

export interface OpenApiOperation {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
  'x-svc-websocket'?: boolean;
}

export interface OpenApiDoc {
  openapi?: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface DocumentedOperation {
  method: string;
  /** The document's path key: `/users/{orgId}`. */
  path: string;
  operation: OpenApiOperation;
}

/** Per-operation inputs a real caller knows and the document cannot: tokens, existing ids. */
export interface ClientOptions {
  /** operationId → bearer token. */
  tokens?: Record<string, string>;
  /** operationId → parameter values (by name) that replace the generated ones. */
  values?: Record<string, Record<string, unknown>>;
  /** operationId → the (documented) error status a route answers on purpose. */
  expectedStatus?: Record<string, number>;
}

export interface CallResult {
  operationId: string;
  method: string;
  url: string;
  status: number;
  /** Every way the answer differs from the document; empty when it matches. */
  problems: string[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of the document, custom methods included, in document order. */
export function documentedOperations(document: OpenApiDoc): DocumentedOperation[] {
  const operations: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [key, value] of Object.entries(item)) {
      if (HTTP_METHODS.includes(key))
        operations.push({ method: key.toUpperCase(), path, operation: value as OpenApiOperation });
    }
    const custom = (item['x-svc-methods'] ?? {}) as Record<string, OpenApiOperation>;
    for (const [method, operation] of Object.entries(custom)) operations.push({ method, path, operation });
  }
  return operations;
}

export class OpenApiClient {
  private readonly samples: SampleMaker;
  private readonly validator: DocumentValidator;
  private readonly prefix: string;

  constructor(
    private readonly document: OpenApiDoc,
    private readonly origin: string,
    private readonly options: ClientOptions = {},
  ) {
    this.samples = new SampleMaker(document.components?.schemas ?? {});
    this.validator = new DocumentValidator(document);
    this.prefix = (document.servers?.[0]?.url ?? '').replace(/\/$/, '');
  }

  /** Calls every documented operation; DELETEs last, so they do not remove what others read. */
  async callAll(): Promise<CallResult[]> {
    const operations = documentedOperations(this.document);
    const ordered = [
      ...operations.filter((op) => op.method !== 'DELETE'),
      ...operations.filter((op) => op.method === 'DELETE'),
    ];
    const results: CallResult[] = [];
    for (const operation of ordered) results.push(await this.call(operation));
    return results;
  }

  async call({ method, path, operation }: DocumentedOperation): Promise<CallResult> {
    const request = this.buildRequest(path, operation);
    const url = `${this.origin}${this.prefix}${request.pathAndQuery}`;
    const base = { operationId: operation.operationId, method, url };
    if (operation['x-svc-websocket']) {
      const status = await openWebSocket(url.replace(/^http/, 'ws'), request.headers);
      return { ...base, status, problems: checkStatus(operation, status, this.expected(operation)) };
    }
    const response = await send(method, url, request.headers, request.body);
    return { ...base, status: response.status, problems: this.checkResponse(operation, response) };
  }

  private buildRequest(path: string, operation: OpenApiOperation) {
    const given = this.options.values?.[operation.operationId] ?? {};
    const value = (name: string, schema: Schema) =>
      name in given ? given[name] : this.samples.sample(schema);
    let pathname = path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = {};
    const cookies: string[] = [];
    for (const parameter of operation.parameters ?? []) {
      const sample = value(parameter.name, parameter.schema);
      const text = (item: unknown) => String(item);
      if (parameter.in === 'path')
        pathname = pathname.replace(`{${parameter.name}}`, encodeURIComponent(text(sample)));
      else if (parameter.in === 'query') {
        // Arrays from repeated keys (style form, explode true: the OpenAPI default).
        for (const item of Array.isArray(sample) ? sample : [sample])
          query.append(parameter.name, text(item));
      } else if (parameter.in === 'header') headers[parameter.name] = text(sample);
      else if (parameter.in === 'cookie')
        cookies.push(`${parameter.name}=${encodeURIComponent(text(sample))}`);
    }
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
    const token = this.options.tokens?.[operation.operationId];
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    const json = operation.requestBody?.content['application/json'];
    if (json) {
      body = JSON.stringify('body' in given ? given.body : this.samples.sample(json.schema));
      headers['content-type'] = 'application/json';
    }
    const search = query.toString();
    return { pathAndQuery: search ? `${pathname}?${search}` : pathname, headers, body };
  }

  private expected(operation: OpenApiOperation): number | undefined {
    return this.options.expectedStatus?.[operation.operationId];
  }

  private checkResponse(operation: OpenApiOperation, response: WireResponse): string[] {
    const problems = checkStatus(operation, response.status, this.expected(operation));
    const documented = operation.responses[String(response.status)] ?? operation.responses.default;
    if (!documented) return problems;
    const contentType = response.headers['content-type'];
    if (!documented.content) {
      if (response.body.length > 0)
        problems.push(
          `documented without content, but the body is ${JSON.stringify(response.body.toString())}`,
        );
      return problems;
    }
    const mediaType = contentType?.split(';')[0]?.trim() ?? '';
    const media = documented.content[mediaType];
    if (!media) {
      problems.push(
        `content-type ${contentType ?? '(none)'} is not a documented media type (${Object.keys(documented.content).join(', ')})`,
      );
      return problems;
    }
    const value = decodeBody(mediaType, response.body);
    if (value.error) problems.push(value.error);
    else if (value.binary)
      return problems; // a `format: binary` body: the media type is what the schema says
    else for (const error of this.validator.errors(media.schema, value.value)) problems.push(`body ${error}`);
    return problems;
  }
}

function checkStatus(operation: OpenApiOperation, status: number, expected?: number): string[] {
  const problems: string[] = [];
  if (!(String(status) in operation.responses) && !('default' in operation.responses)) {
    problems.push(`status ${status} is not documented (${Object.keys(operation.responses).join(', ')})`);
  }
  if (expected !== undefined && status !== expected)
    problems.push(`expected status ${expected}, got ${status}`);
  if (expected === undefined && status >= 400)
    problems.push(`a request built from the document was refused with ${status}`);
  return problems;
}

function decodeBody(mediaType: string, body: Buffer): { value?: unknown; error?: string; binary?: boolean } {
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    try {
      return { value: JSON.parse(body.toString('utf8')) };
    } catch {
      return { error: `the body is not JSON: ${body.toString('utf8').slice(0, 200)}` };
    }
  }
  if (mediaType.startsWith('text/')) return { value: body.toString('utf8') };
  return { binary: true };
}

export interface WireResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request with node:http, which sends any method token (custom methods included). */
export function send(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers, signal: AbortSignal.timeout(10_000) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Opens a WebSocket and closes it at once: 101 when the upgrade succeeded, else the HTTP status. */
function openWebSocket(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, handshakeTimeout: 10_000 });
    socket.on('upgrade', () => resolve(101));
    socket.on('open', () => socket.close(1000));
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      socket.terminate();
    });
    socket.on('error', reject);
  });
}
