/**
 * Path parameters over a real socket: a route binds its own parameters by their position in the
 * path, a component binds them by name wherever they sit, and `ctx.request.params` is the record
 * a pre-interceptor may change or replace before the handler binds (docs/lifecycle.md).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/router/params', import.meta.url));
const served = serveFixture(root);

async function get(path: string): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(`${served.base}${path}`);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

describe('path parameters on the wire', () => {
  it('binds each parameter by name whatever the order of the handler arguments', async () => {
    assert.deepEqual(await get('/api/p/x/y'), await get('/api/p/x/y/'));
    const { status, body } = await get('/api/p/x/y');
    assert.equal(status, 200);
    assert.deepEqual(body, { a: 'x', b: 'y' });
  });

  it('binds percent-decoded values, an encoded slash staying in its segment', async () => {
    const { status, body } = await get('/api/p/a%20b/c%2Fd%E2%9C%93');
    assert.equal(status, 200);
    assert.deepEqual(body, { a: 'a b', b: 'c/d✓' });
  });

  it('binds the value a pre-interceptor changed in ctx.request.params', async () => {
    const { status, body } = await get('/api/p/x/y/renamed');
    assert.equal(status, 200);
    assert.deepEqual(body, { a: 'x', b: 'y-renamed' });
  });

  it('binds from the record a pre-interceptor put in place of ctx.request.params', async () => {
    const { status, body } = await get('/api/p/x/y/replaced');
    assert.equal(status, 200);
    assert.deepEqual(body, { a: 'replaced', b: '(none)' });
  });

  it('lets a component bind :id by name at any position, and shows the route its record', async () => {
    const first = await get('/api/ids/7');
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('x-seen-id'), '7');
    assert.deepEqual(first.body, { id: '7', record: { id: '7' } });
    const second = await get('/api/ids/o%2Dwner/items/9');
    assert.equal(second.status, 200);
    assert.equal(second.headers.get('x-seen-id'), '9');
    assert.deepEqual(second.body, { id: '9', record: { owner: 'o-wner', id: '9' } });
  });

  it('binds a parameter whose name a plain object inherits (:constructor)', async () => {
    const { status, body } = await get('/api/ids/proto/x%21');
    assert.equal(status, 200);
    assert.deepEqual(body, { a: 'x!' });
  });

  it('sends headers set on ctx.response under names a plain object inherits, and inherits none', async () => {
    const { status, headers, body } = await get('/api/ids/headers/5');
    assert.equal(status, 200);
    assert.equal(headers.get('constructor'), 'c');
    assert.equal(headers.get('__proto__'), 'p');
    assert.deepEqual(body, { a: '5', b: 'undefined constructor,__proto__' });
  });

  it('answers 400 for a malformed escape in a parameter the handler does not bind, then serves', async () => {
    const bad = await get('/api/p/%E0%A4%A/only-b/ok');
    assert.equal(bad.status, 400);
    assert.equal(bad.headers.get('content-type'), 'application/problem+json');
    assert.equal((bad.body as { type?: string }).type, 'urn:svc:error:SVC_ERR_BAD_PATH');
    const good = await get('/api/p/x/only-b/ok');
    assert.equal(good.status, 200);
    assert.deepEqual(good.body, { a: '(not bound)', b: 'ok' });
  });
});
