/** Lifecycle components: order at three levels, stop/block, async, binding, throwing guards, catchers. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { both, json, viaInject } from '../runtime/helpers.js';

const root = fileURLToPath(new URL('../fixtures/runtime/lifecycle', import.meta.url));
const logs: string[] = [];
let app: SvcApp;
let base: string;

before(async () => {
  app = await createTestApp({ root, log: (line) => logs.push(line), requestLog: false });
  base = (await app.listen({ host: '127.0.0.1', port: 0 })).url;
});
after(() => app.close());

const levels = ['app1', 'app2', 'c1', 'c2', 'r1', 'r2'];

test('phases run middleware → guards → pre → handler → post (reversed), app → controller → route', () =>
  both(app, base, { method: 'GET', url: '/api/order' }, (r) => {
    assert.equal(r.status, 200);
    assert.deepEqual(json(r), [
      ...levels.map((name) => `middleware:${name}`),
      ...levels.map((name) => `guard:${name}`),
      ...levels.map((name) => `pre:${name}`),
      'handler',
      ...[...levels].reverse().map((name) => `post:${name}`),
    ]);
  }));

test('a post-interceptor changes status, headers and body', () =>
  both(app, base, { method: 'GET', url: '/api/order/wrapped' }, (r) => {
    assert.equal(r.status, 299);
    assert.equal(r.headers['x-wrapped'], 'true');
    assert.equal(r.headers['content-type'], 'application/json');
    assert.deepEqual(json(r), { wrapped: 'inner' });
  }));

/** Reads and clears what the Spy components and the spied handlers recorded. */
async function seen(): Promise<string[]> {
  return (
    JSON.parse((await viaInject(app, { method: 'GET', url: '/api/spy/seen' })).text) as { seen: string[] }
  ).seen;
}

test('a middleware stop answers with its status, headers and body; nothing later runs', async () => {
  await seen();
  await both(app, base, { method: 'GET', url: '/api/spy/stop' }, (r) => {
    assert.equal(r.status, 202);
    assert.equal(r.headers['x-stopped'], 'yes');
    assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(r.text, 'stopped early');
  });
  assert.deepEqual(await seen(), ['middleware:before', 'middleware:before']);
});

test('a guard block (default 403) skips later guards, interceptors and the handler', async () => {
  await seen();
  await both(app, base, { method: 'GET', url: '/api/spy/block' }, (r) => {
    assert.equal(r.status, 403);
    assert.equal(r.text, '');
  });
  const log = await seen();
  const once = ['middleware:before', 'middleware:after', 'guard:before'];
  assert.deepEqual(log, [...once, ...once]);
});

test('a block with an object body answers JSON', () =>
  both(app, base, { method: 'GET', url: '/api/spy/block-json' }, (r) => {
    assert.equal(r.status, 403);
    assert.equal(r.headers['content-type'], 'application/json');
    assert.deepEqual(json(r), { reason: 'nope' });
  }));

test('a throwing guard is a 500 problem and the handler never runs', async () => {
  await seen();
  logs.length = 0;
  await both(app, base, { method: 'GET', url: '/api/spy/explode' }, (r) => {
    assert.equal(r.status, 500);
    assert.equal(r.headers['content-type'], 'application/problem+json');
    assert.equal((json(r) as { type: string }).type, 'urn:svc:error:SVC_ERR_INTERNAL');
  });
  assert.match(logs[0] ?? '', /guard exploded/);
  assert.deepEqual(await seen(), ['middleware:after', 'middleware:after']);
});

test('component parameters bind and validate like route parameters', async () => {
  await both(app, base, { method: 'GET', url: '/api/spy/role' }, (r) => {
    assert.equal(r.status, 400);
    const body = json(r) as { errors: { in: string; name: string }[] };
    assert.deepEqual(
      body.errors.map((error) => `${error.in}:${error.name}`),
      ['header:X-Role'],
    );
  });
  await both(app, base, { method: 'GET', url: '/api/spy/role', headers: { 'X-Role': 'user' } }, (r) => {
    assert.equal(r.status, 403);
    assert.equal(r.text, 'needs admin');
  });
  await both(
    app,
    base,
    { method: 'GET', url: '/api/spy/role?level=5', headers: { 'X-Role': 'admin' } },
    (r) => {
      assert.equal(r.status, 403);
      assert.equal(r.text, 'level 5 too high');
    },
  );
  await both(
    app,
    base,
    { method: 'GET', url: '/api/spy/role?level=2', headers: { 'X-Role': 'admin' } },
    (r) => {
      assert.equal(r.status, 200);
      assert.equal(r.text, 'welcome');
    },
  );
});

test('the nearest matching catcher turns an error into a response', async () => {
  await both(app, base, { method: 'GET', url: '/api/catch/missing' }, (r) => {
    assert.equal(r.status, 410);
    assert.deepEqual(json(r), { mapped: 'no such thing' });
  });
  await both(app, base, { method: 'GET', url: '/api/catch/boom' }, (r) => {
    assert.equal(r.status, 503);
    assert.equal(r.text, 'caught: kaboom');
  });
});
