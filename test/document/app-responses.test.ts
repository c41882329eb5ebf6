/**
 * App-level and shared responses, and a guard's block beside a route's own answer: `@ApiResponse`
 * on the `@App` class with `type` is on every operation, without `type` it re-describes where an
 * operation answers the status, with `null` it drops the status (on the app or one route, whose
 * own `@ApiResponse` wins); a guard's 401 is never hidden by the handler's 401. What a client
 * gets over a real socket is what the document lists.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { documentOf, serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/apps/envelope/shared/', import.meta.url));
const served = serveFixture(root);
const document = documentOf(root);

type Content = Record<string, { schema: unknown }>;
type Responses = Record<string, { $ref?: string; description?: string; content?: Content }>;

function responsesOf(method: string, path: string): Responses {
  const item = document.paths[path] as Record<string, { responses: Responses }> | undefined;
  const operation = item?.[method];
  assert.ok(operation, `${method} ${path} is documented`);
  return operation.responses;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const PROBLEM = { 'application/problem+json': { schema: ref('ProblemDetails') } };
const TEXT = { 'text/plain': { schema: { type: 'string' } } };
const json = (schema: unknown) => ({ 'application/json': { schema } });
const MAINTENANCE = { description: 'Down for maintenance', content: json(ref('Outage')) };
const INVALID_INPUT = { $ref: '#/components/responses/InvalidInput' };

describe('@ApiResponse on the @App class', () => {
  it('adds a typed response to every operation, re-describes 415 where it is answered, drops 413', () => {
    assert.deepEqual(responsesOf('post', '/notes'), {
      200: { description: 'Success', content: json(ref('NewNote')) },
      400: INVALID_INPUT,
      415: { description: 'Only JSON bodies', content: PROBLEM },
      503: MAINTENANCE,
    });
  });

  it("lets a route's own @ApiResponse win: a described 413 stays, null drops 400 and 503", () => {
    assert.deepEqual(Object.keys(responsesOf('put', '/notes/{id}')), ['200', '400', '413', '415', '503']);
    assert.deepEqual(responsesOf('put', '/notes/{id}')[413], {
      description: 'Over the body limit',
      content: PROBLEM,
    });
    assert.deepEqual(responsesOf('get', '/notes/{id}'), { 200: { description: 'Success', content: TEXT } });
  });

  it('writes only the shared components still referred to', () => {
    assert.deepEqual(Object.keys(document.components?.responses ?? {}), ['InvalidInput']);
  });
});

describe("a guard's block beside the route's own answer of the same status", () => {
  it("lists the handler's thrown 401 and both of the guard's bodies, one per media type", () => {
    assert.deepEqual(responsesOf('get', '/notes/{id}/locked')[401], {
      description: 'Unauthorized',
      content: { ...PROBLEM, ...TEXT, ...json(ref('Denied')) },
    });
  });

  it("puts two JSON bodies (the route's @ApiResponse type and the guard's) in a oneOf", () => {
    assert.deepEqual(responsesOf('get', '/notes/{id}/vault')[401], {
      description: 'Locked until later',
      content: { ...json({ oneOf: [ref('VaultLocked'), ref('Denied')] }), ...TEXT },
    });
  });
});

describe('the shared-responses app on the wire', () => {
  it('answers each 415 and 401 with a media type the document lists under that status', async () => {
    const cases: [string, string, Record<string, string>, string | undefined, number, string][] = [
      ['POST', '/notes', { 'content-type': 'text/plain' }, 'x', 415, 'application/problem+json'],
      ['GET', '/notes/1/locked', {}, undefined, 401, 'text/plain'],
      ['GET', '/notes/1/locked', { 'x-key': 'bad' }, undefined, 401, 'application/json'],
      ['GET', '/notes/sealed/locked', { 'x-key': 'k' }, undefined, 401, 'application/problem+json'],
    ];
    const answers: [number, string | undefined, boolean][] = [];
    for (const [method, path, headers, body] of cases) {
      const response = await fetch(`${served.base}/api${path}`, { method, headers, body });
      await response.arrayBuffer();
      const mediaType = response.headers.get('content-type')?.split(';')[0];
      const documentPath = path.replace(/^\/notes\/[^/]+/, '/notes/{id}');
      const documented = responsesOf(method.toLowerCase(), documentPath)[String(response.status)];
      answers.push([
        response.status,
        mediaType,
        mediaType !== undefined && !!documented?.content?.[mediaType],
      ]);
    }
    assert.deepEqual(
      answers,
      cases.map(([, , , , status, mediaType]) => [status, mediaType, true]),
    );
  });
});
