/**
 * Request ids and the request log over a real socket: every answer carries X-Request-Id (the
 * incoming one when sane, else a made one), problem bodies name it in `instance`, and each
 * request served over the socket writes exactly one log line with method, path, status,
 * duration and id: JSON in production, a readable line in dev mode.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serveFixture } from '../support/served-fixture.js';
import { viaSocket, type Reply } from '../runtime/helpers.js';

const root = fileURLToPath(new URL('../fixtures/production', import.meta.url));
const productionLines: string[] = [];
const devLines: string[] = [];
const quietLines: string[] = [];
const production = serveFixture(root, { log: (line) => productionLines.push(line) });
const dev = serveFixture(root, { dev: true, log: (line) => devLines.push(line) });
const quiet = serveFixture(root, { requestLog: false, log: (line) => quietLines.push(line) });

const MADE_ID = /^[\w-]{8}-[0-9a-z]+$/;

function instanceOf(reply: Reply): unknown {
  return (JSON.parse(reply.text) as { instance?: unknown }).instance;
}

const ANSWERS = [
  { name: 'a 400', method: 'POST', url: '/api/things/notes', body: { text: '' }, status: 400, problem: true },
  { name: 'a 404', method: 'GET', url: '/api/nowhere', status: 404, problem: true },
  { name: 'a thrown 404', method: 'GET', url: '/api/things/missing/1', status: 404, problem: true },
  {
    name: 'a 413',
    method: 'POST',
    url: '/api/things/notes',
    body: { text: 'x'.repeat(2000) },
    status: 413,
    problem: true,
  },
  {
    name: 'a guard block',
    method: 'POST',
    url: '/api/things/guarded',
    body: { text: 'x' },
    status: 401,
    problem: false,
  },
];

for (const { name, status, problem, ...request } of ANSWERS) {
  test(`${name} carries the incoming request id${problem ? ', in the header and the problem instance' : ''}`, async () => {
    const reply = await viaSocket(production.base, {
      ...request,
      headers: { 'x-request-id': 'req-7f3a.b:c/d=' },
    });
    assert.equal(reply.status, status);
    assert.equal(reply.headers['x-request-id'], 'req-7f3a.b:c/d=');
    if (problem) assert.equal(instanceOf(reply), 'req-7f3a.b:c/d=');
  });

  test(`${name} without an incoming id carries a made one`, async () => {
    const reply = await viaSocket(production.base, request);
    assert.equal(reply.status, status);
    const id = String(reply.headers['x-request-id']);
    assert.match(id, MADE_ID);
    if (problem) assert.equal(instanceOf(reply), id);
  });
}

test('an SSE stream and an automatic OPTIONS answer carry the request id too', async () => {
  const events = await fetch(new URL('/api/live/events', production.base), {
    headers: { 'x-request-id': 'sse-1' },
  });
  assert.equal(events.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  assert.equal(events.headers.get('x-request-id'), 'sse-1');
  await events.body?.cancel();
  const options = await viaSocket(production.base, {
    method: 'OPTIONS',
    url: '/api/things/notes',
    headers: { 'x-request-id': 'opt-1' },
  });
  assert.equal(options.status, 204);
  assert.equal(options.headers['x-request-id'], 'opt-1');
});

test('an id that is too long or holds unsafe characters is replaced; made ids differ', async () => {
  const ids = new Set<string>();
  for (const incoming of ['x'.repeat(129), 'has space', 'quote"d', '']) {
    const reply = await viaSocket(production.base, {
      method: 'GET',
      url: '/api/things/hello',
      headers: { 'x-request-id': incoming },
    });
    const id = String(reply.headers['x-request-id']);
    assert.match(id, MADE_ID, JSON.stringify(incoming));
    ids.add(id);
  }
  assert.equal(ids.size, 4);
  const longest = 'y'.repeat(128);
  const kept = await viaSocket(production.base, {
    method: 'GET',
    url: '/api/things/hello',
    headers: { 'x-request-id': longest },
  });
  assert.equal(kept.headers['x-request-id'], longest);
});

test('production: one JSON line per request with method, path (no query), status, duration and id', async () => {
  productionLines.length = 0;
  const requests = [
    { method: 'GET', url: '/api/things/hello?secret=1' },
    { method: 'GET', url: '/api/nowhere' },
    { method: 'POST', url: '/api/things/guarded', body: { text: 'x' } },
    { method: 'OPTIONS', url: '/api/things/notes' },
  ];
  const ids: string[] = [];
  for (const request of requests)
    ids.push(String((await viaSocket(production.base, request)).headers['x-request-id']));
  const parsed = productionLines.map((line) => JSON.parse(line) as Record<string, unknown>);
  assert.deepEqual(
    parsed.map(({ method, path, status, id, level, msg }) => ({ method, path, status, id, level, msg })),
    [
      { method: 'GET', path: '/api/things/hello', status: 200, id: ids[0], level: 'info', msg: 'request' },
      { method: 'GET', path: '/api/nowhere', status: 404, id: ids[1], level: 'info', msg: 'request' },
      { method: 'POST', path: '/api/things/guarded', status: 401, id: ids[2], level: 'info', msg: 'request' },
      {
        method: 'OPTIONS',
        path: '/api/things/notes',
        status: 204,
        id: ids[3],
        level: 'info',
        msg: 'request',
      },
    ],
  );
  for (const line of parsed) {
    assert.equal(typeof line.ms, 'number');
    assert.ok((line.ms as number) >= 0);
    assert.equal(typeof line.time, 'number');
  }
});

test('a path with characters JSON must escape still makes a valid JSON line', async () => {
  productionLines.length = 0;
  await viaSocket(production.base, { method: 'GET', url: '/api/odd"path\\x' });
  assert.equal(productionLines.length, 1);
  const line = JSON.parse(productionLines[0] ?? '') as { path: string; status: number };
  assert.deepEqual([line.path, line.status], ['/api/odd"path\\x', 404]);
});

test('dev mode: one readable line per request', async () => {
  devLines.length = 0;
  const reply = await viaSocket(dev.base, { method: 'GET', url: '/api/things/items?count=2' });
  const id = String(reply.headers['x-request-id']);
  assert.equal(devLines.length, 1);
  assert.match(devLines[0] ?? '', new RegExp(`^GET /api/things/items 200 \\d+(\\.\\d+)? ms ${id}$`));
});

test('requestLog: false writes no request lines; inject never writes one', async () => {
  await viaSocket(quiet.base, { method: 'GET', url: '/api/things/hello' });
  assert.deepEqual(quietLines, []);
  productionLines.length = 0;
  const injected = await production.app.inject({ method: 'GET', url: '/api/things/hello' });
  assert.match(String(injected.headers['x-request-id']), MADE_ID);
  assert.deepEqual(productionLines, []);
});
