/**
 * CORS over a real socket: a preflight is answered with the CORS headers after the app-level
 * middleware ran; simple requests, errors and blocks from an allowed origin carry
 * Access-Control-Allow-Origin; a disallowed origin gets none; Vary: Origin on every answer.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serveFixture } from '../support/served-fixture.js';
import { viaSocket } from '../runtime/helpers.js';

const root = fileURLToPath(new URL('../fixtures/production', import.meta.url));
const served = serveFixture(root);
const ORIGIN = 'https://app.example';

const CORS_NAMES = [
  'access-control-allow-credentials',
  'access-control-allow-headers',
  'access-control-allow-methods',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'access-control-max-age',
];

function corsHeaders(headers: Record<string, string | string[] | undefined>): Record<string, unknown> {
  return Object.fromEntries(
    CORS_NAMES.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]),
  );
}

test('a preflight runs the app-level middleware and answers 204 with the CORS headers', async () => {
  const reply = await viaSocket(served.base, {
    method: 'OPTIONS',
    url: '/api/things/notes',
    headers: {
      origin: ORIGIN,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, authorization',
    },
  });
  assert.equal(reply.status, 204);
  assert.equal(reply.headers['x-stamped'], 'OPTIONS');
  assert.equal(reply.headers.allow, 'OPTIONS, POST');
  assert.equal(reply.headers.vary, 'Origin, Access-Control-Request-Headers');
  assert.deepEqual(corsHeaders(reply.headers), {
    'access-control-allow-credentials': 'true',
    'access-control-allow-headers': 'content-type, authorization',
    'access-control-allow-methods': 'OPTIONS, POST',
    'access-control-allow-origin': ORIGIN,
    'access-control-max-age': '600',
  });
});

test('a simple request from an allowed origin carries the origin, credentials and exposed headers', async () => {
  const reply = await viaSocket(served.base, {
    method: 'GET',
    url: '/api/things/hello',
    headers: { origin: ORIGIN },
  });
  assert.equal(reply.status, 200);
  assert.equal(reply.headers.vary, 'Origin');
  assert.deepEqual(corsHeaders(reply.headers), {
    'access-control-allow-credentials': 'true',
    'access-control-allow-origin': ORIGIN,
    'access-control-expose-headers': 'X-Request-Id',
  });
});

test('errors from an allowed origin carry the CORS headers: 400, 404, 401 block', async () => {
  const requests = [
    { method: 'POST', url: '/api/things/notes', body: { text: '' }, status: 400 },
    { method: 'GET', url: '/api/nowhere', status: 404 },
    { method: 'GET', url: '/api/things/missing/7', status: 404 },
    { method: 'POST', url: '/api/things/guarded', body: { text: 'x' }, status: 401 },
  ];
  for (const { status, ...request } of requests) {
    const reply = await viaSocket(served.base, { ...request, headers: { origin: ORIGIN } });
    assert.equal(reply.status, status, `${request.method} ${request.url}`);
    assert.equal(reply.headers['access-control-allow-origin'], ORIGIN, `${request.method} ${request.url}`);
    assert.equal(reply.headers['access-control-allow-credentials'], 'true');
    assert.equal(reply.headers.vary, 'Origin');
  }
});

test('a disallowed origin gets no CORS headers, on a preflight or a request, but still Vary: Origin', async () => {
  const preflight = await viaSocket(served.base, {
    method: 'OPTIONS',
    url: '/api/things/notes',
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
  });
  assert.equal(preflight.status, 204);
  assert.deepEqual(corsHeaders(preflight.headers), {});
  const simple = await viaSocket(served.base, {
    method: 'GET',
    url: '/api/things/hello',
    headers: { origin: 'https://evil.example' },
  });
  assert.equal(simple.status, 200);
  assert.deepEqual(corsHeaders(simple.headers), {});
  assert.equal(simple.headers.vary, 'Origin');
});

test('a request without Origin gets no CORS headers', async () => {
  const reply = await viaSocket(served.base, { method: 'GET', url: '/api/things/hello' });
  assert.deepEqual(corsHeaders(reply.headers), {});
});
