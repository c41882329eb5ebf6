/**
 * The headers rule over a real socket (and inject): a header an app-level middleware set on
 * `ctx.response` is on every answer of the request; the answer's own headers win on a clash.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { both, json, type Reply } from '../runtime/helpers.js';

const root = fileURLToPath(new URL('../fixtures/headers', import.meta.url));
let app: SvcApp;
let base: string;

before(async () => {
  app = await createTestApp({ root, log: () => undefined });
  base = (await app.listen({ host: '127.0.0.1', port: 0 })).url;
});
after(() => app.close());

function problemCode(reply: Reply): string {
  return (json(reply) as { type: string }).type;
}

test('a success keeps the request id', () =>
  both(app, base, { method: 'GET', url: '/api/things/ok' }, (r) => {
    assert.equal(r.status, 200);
    assert.equal(r.headers['x-request-id'], 'rid-42');
    assert.deepEqual(json(r), { ok: true });
  }));

test("a guard block keeps the request id; the block's own headers go out too", () =>
  both(app, base, { method: 'GET', url: '/api/things/refused' }, (r) => {
    assert.equal(r.status, 401);
    assert.equal(r.headers['x-request-id'], 'rid-42');
    assert.equal(r.text, 'no token');
  }));

test("on a clash the block's own header wins over the kept one", () =>
  both(app, base, { method: 'GET', url: '/api/things/blocked' }, (r) => {
    assert.equal(r.status, 401);
    assert.equal(r.headers['x-request-id'], 'from-block');
    assert.equal(r.headers['www-authenticate'], 'Bearer');
  }));

test('a middleware stop keeps the request id beside its own header', () =>
  both(app, base, { method: 'GET', url: '/api/things/stopped' }, (r) => {
    assert.equal(r.status, 503);
    assert.equal(r.headers['x-request-id'], 'rid-42');
    assert.equal(r.headers['x-stopped'], 'yes');
    assert.equal(r.text, 'paused');
  }));

test('a validation 400 keeps the request id', () =>
  both(app, base, { method: 'GET', url: '/api/things/count?limit=abc' }, (r) => {
    assert.equal(r.status, 400);
    assert.equal(r.headers['x-request-id'], 'rid-42');
    assert.equal(problemCode(r), 'urn:svc:error:SVC_ERR_VALIDATION');
  }));

test('a thrown NotFoundError keeps the request id', () =>
  both(app, base, { method: 'GET', url: '/api/things/missing' }, (r) => {
    assert.equal(r.status, 404);
    assert.equal(r.headers['x-request-id'], 'rid-42');
    assert.equal(r.headers['content-type'], 'application/problem+json');
  }));

test('a 413 body keeps the request id', () =>
  both(app, base, { method: 'POST', url: '/api/things/echo', body: { name: 'x'.repeat(2048) } }, (r) => {
    assert.equal(r.status, 413);
    assert.equal(r.headers['x-request-id'], 'rid-42');
    assert.equal(problemCode(r), 'urn:svc:error:SVC_ERR_BODY_TOO_LARGE');
  }));

test('a 415 content type keeps the request id', () =>
  both(
    app,
    base,
    { method: 'POST', url: '/api/things/echo', headers: { 'content-type': 'text/plain' }, body: 'name' },
    (r) => {
      assert.equal(r.status, 415);
      assert.equal(r.headers['x-request-id'], 'rid-42');
      assert.equal(problemCode(r), 'urn:svc:error:SVC_ERR_UNSUPPORTED_MEDIA_TYPE');
    },
  ));

test("a 404 from routing, before any step ran, carries svc's own request id, not a step's", () =>
  both(app, base, { method: 'GET', url: '/api/nowhere' }, (r) => {
    assert.equal(r.status, 404);
    assert.match(String(r.headers['x-request-id']), /^[\w-]+-[0-9a-z]+$/);
    assert.notEqual(r.headers['x-request-id'], 'rid-42');
  }));
