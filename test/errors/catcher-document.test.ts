/**
 * Catchers shape the document as they shape the wire: the envelope fixture (an app-wide catcher
 * answering `{"errors": {"body": [...]}}`, `@Catch(ValidationError) @StatusCode(422)`, a thrown
 * 404, a guard's 401 block) documents each error status with the envelope, and every answer a
 * real client gets over a real socket is a documented status, media type and body.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject } from '../../src/entries/openapi.js';
import { documentOf, serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/apps/envelope/', import.meta.url));
const served = serveFixture(root);
const document = documentOf(root);

const ENVELOPE = { $ref: '#/components/schemas/ErrorEnvelope' };
const ARTICLE = { $ref: '#/components/schemas/Article' };
const json = (schema: unknown) => ({ 'application/json': { schema } });

type Responses = Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;

function responsesOf(method: string, path: string): Responses {
  const item = document.paths[path] as Record<string, { responses: Responses }> | undefined;
  const operation = item?.[method];
  assert.ok(operation, `${method} ${path} is documented`);
  return operation.responses;
}

/** Status → description and content, the way the document says them. */
function summary(responses: Responses): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, { description, content }]) => [status, { description, content }]),
  );
}

const envelopeAnswer = (description: string) => ({ description, content: json(ENVELOPE) });

describe('the document of an app whose catchers answer in an envelope', () => {
  it('documents every error status with the envelope, the validation answer under 422', () => {
    assert.deepEqual(summary(responsesOf('get', '/articles/{slug}')), {
      200: { description: 'Success', content: json(ARTICLE) },
      404: envelopeAnswer('Not Found'),
      422: envelopeAnswer('Invalid input'),
      500: envelopeAnswer('Internal Server Error'),
    });
    assert.deepEqual(summary(responsesOf('post', '/articles')), {
      201: { description: 'Success', content: json(ARTICLE) },
      // A body that is not JSON is no ValidationError: the catch-all answers it, under 400.
      400: envelopeAnswer('Invalid input'),
      401: envelopeAnswer('Blocked by TokenAuth'),
      413: envelopeAnswer('The JSON body is over the body limit'),
      415: envelopeAnswer('The body is not sent as application/json'),
      422: envelopeAnswer('Invalid input'),
      500: envelopeAnswer('Internal Server Error'),
    });
  });

  it("merges a guard's block with the handler's own answer of the same status", () => {
    assert.deepEqual(summary(responsesOf('delete', '/articles/{slug}')), {
      204: { description: 'Success', content: undefined },
      401: envelopeAnswer('Unauthorized'),
      404: envelopeAnswer('Not Found'),
      422: envelopeAnswer('Invalid input'),
      500: envelopeAnswer('Internal Server Error'),
    });
  });

  it("documents a route-level catcher's answer in place of the app-wide one it is nearer than", () => {
    assert.deepEqual(summary(responsesOf('get', '/articles/{slug}/draft')), {
      200: { description: 'Success', content: json(ARTICLE) },
      410: { description: 'Gone', content: { 'text/plain': { schema: { type: 'string' } } } },
      422: envelopeAnswer('Invalid input'),
      500: envelopeAnswer('Internal Server Error'),
    });
  });

  it('reads @ApiResponse options held by a const like the inline object', () => {
    assert.deepEqual(summary(responsesOf('get', '/articles/{slug}/archived'))[410], {
      description: 'The article was removed',
      content: json(ENVELOPE),
    });
  });

  it('writes no shared problem responses nobody refers to', () => {
    assert.equal(document.components?.responses, undefined);
  });
});

interface Case {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
  messages: string[];
}

/** What the engine says of this text as JSON (svc quotes it in its 400). */
function jsonParseError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} is JSON`);
}

const JAKE = { 'x-token': 'jake', 'content-type': 'application/json' };

const CASES: Case[] = [
  { method: 'GET', path: '/articles/nope', status: 404, messages: ["no article 'nope'"] },
  { method: 'POST', path: '/articles', body: '{}', status: 401, messages: ['missing or wrong token'] },
  {
    method: 'POST',
    path: '/articles',
    headers: JAKE,
    body: '{"title":""}',
    status: 422,
    messages: ['body /title: must have at least 1 character'],
  },
  {
    method: 'POST',
    path: '/articles',
    headers: JAKE,
    body: '{',
    status: 400,
    messages: [`The request body is not valid JSON: ${jsonParseError('{')}`],
  },
  {
    method: 'POST',
    path: '/articles',
    headers: { ...JAKE, 'content-type': 'text/plain' },
    body: 'x',
    status: 415,
    messages: ["Expected an application/json body, got 'text/plain'."],
  },
  {
    method: 'POST',
    path: '/articles',
    headers: JAKE,
    body: JSON.stringify({ title: 'x'.repeat(1_100_000) }),
    status: 413,
    messages: ['The request body is larger than the limit of 1048576 bytes.'],
  },
  { method: 'DELETE', path: '/articles/theirs', headers: JAKE, status: 401, messages: ['not your article'] },
  { method: 'DELETE', path: '/articles/mine', status: 401, messages: ['missing or wrong token'] },
  { method: 'GET', path: '/articles/hello/archived', status: 410, messages: ["'hello' was removed"] },
];

describe('the envelope app on the wire', () => {
  for (const request of CASES) {
    it(`${request.method} ${request.path} → ${request.status}, as the document says`, async () => {
      const response = await fetch(`${served.base}/api${request.path}`, {
        method: request.method,
        headers: request.headers,
        body: request.body,
      });
      const documentPath = request.path.replace(/^\/articles\/[^/]+/, '/articles/{slug}');
      const documented = responsesOf(request.method.toLowerCase(), documentPath)[String(response.status)];
      assert.equal(response.status, request.status);
      assert.ok(documented, `${response.status} is documented`);
      const mediaType = (response.headers.get('content-type') ?? '').split(';')[0] ?? '';
      assert.deepEqual(documented.content, json(ENVELOPE));
      assert.equal(mediaType, 'application/json');
      assert.deepEqual(await response.json(), { errors: { body: request.messages } });
    });
  }
});

describe('a route-level catcher on the wire', () => {
  it('answers a missing draft 410 text/plain, as the document says', async () => {
    const response = await fetch(`${served.base}/api/articles/nope/draft`);
    const documented = responsesOf('get', '/articles/{slug}/draft')[String(response.status)];
    assert.deepEqual(
      [response.status, response.headers.get('content-type'), await response.text()],
      [410, 'text/plain; charset=utf-8', 'the draft is gone'],
    );
    assert.ok(documented?.content?.['text/plain']);
  });
});

describe('what the analyzer says about a catcher or @ApiResponse it cannot read', () => {
  it('warns at a run-time status and names an unreadable @ApiResponse options at file:line', () => {
    const diagnostics = analyzeProject({
      root: fileURLToPath(new URL('../fixtures/apps/envelope/diagnostics/', import.meta.url)),
    }).diagnostics;
    assert.deepEqual(
      diagnostics.map(({ severity, code, file, line }) => ({ severity, code, file, line })),
      [
        { severity: 'error', code: 'SVC_ERR_NOT_STATIC', file: 'src/app.ts', line: 21 },
        { severity: 'warning', code: undefined, file: 'src/app.ts', line: 7 },
      ],
    );
    const warning = diagnostics.find((diagnostic) => diagnostic.severity === 'warning');
    assert.match(
      warning?.message ?? '',
      /^src\/app\.ts:7: warning: the catcher Teapot\.brew sets response\.status/,
    );
    assert.match(warning?.message ?? '', /@StatusCode\(n\)/);
  });
});
