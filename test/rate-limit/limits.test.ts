/**
 * Rate limits over a real socket, counted in memory: the 429 and its headers exactly, the headers
 * on every answer of a covered route (400 and guard blocks too), the window's reset, user and
 * function keys, the trusted proxy on and off, and a route that opted out.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { serveFixture } from '../support/served-fixture.js';
import { viaSocket, type Reply } from '../runtime/helpers.js';

const root = fileURLToPath(new URL('./fixture', import.meta.url));
/** Trusts the loopback proxy: each test is its own client by the address it forwards. */
const behindProxy = serveFixture(root, { trustProxy: ['127.0.0.1', '::1'] });
/** Trusts no proxy: `X-Forwarded-For` is any client's say, never read. */
const direct = serveFixture(root);

const POLICY = '"default";q=3;w=60';

function get(base: string, url: string, headers: Record<string, string> = {}): Promise<Reply> {
  return viaSocket(base, { method: 'GET', url, headers });
}

/** The rate limit header fields of an answer, by name. */
function limitHeaders(reply: Reply): Record<string, unknown> {
  const names = ['ratelimit-policy', 'ratelimit', 'retry-after'];
  return Object.fromEntries(
    names.filter((name) => reply.headers[name] !== undefined).map((name) => [name, reply.headers[name]]),
  );
}

describe('an app-wide limit of 3 a minute per client address', () => {
  test('requests 1 to 3 answer 200 counting down; the 4th is a 429 problem with Retry-After', async () => {
    const client = { 'x-forwarded-for': '203.0.113.1' };
    for (const remaining of [2, 1, 0]) {
      const reply = await get(behindProxy.base, '/api/limited/hello', client);
      assert.equal(reply.status, 200);
      assert.deepEqual(limitHeaders(reply), {
        'ratelimit-policy': POLICY,
        ratelimit: `"default";r=${remaining};t=60`,
      });
    }
    const refused = await get(behindProxy.base, '/api/limited/hello', client);
    assert.equal(refused.status, 429);
    assert.equal(refused.headers['content-type'], 'application/problem+json');
    assert.deepEqual(limitHeaders(refused), {
      'ratelimit-policy': POLICY,
      ratelimit: '"default";r=0;t=60',
      'retry-after': '60',
    });
    assert.deepEqual(JSON.parse(refused.text), {
      type: 'urn:svc:error:SVC_ERR_RATE_LIMITED',
      title: 'Too Many Requests',
      status: 429,
      detail: 'More than 3 requests in 60000 ms; try again in 60 s.',
      instance: refused.headers['x-request-id'],
    });
  });

  test('routes under one @RateLimit share its count; a 400 carries the headers too', async () => {
    const client = { 'x-forwarded-for': '203.0.113.2' };
    assert.equal((await get(behindProxy.base, '/api/limited/hello', client)).status, 200);
    const invalid = await viaSocket(behindProxy.base, {
      method: 'POST',
      url: '/api/limited/notes',
      headers: client,
      body: { text: 7 },
    });
    assert.equal(invalid.status, 400);
    assert.deepEqual(limitHeaders(invalid), { 'ratelimit-policy': POLICY, ratelimit: '"default";r=1;t=60' });
  });

  test('a route with @RateLimit(false) is never limited and carries no rate limit header', async () => {
    const client = { 'x-forwarded-for': '203.0.113.3' };
    for (let request = 0; request < 5; request++) {
      const reply = await get(behindProxy.base, '/api/limited/free', client);
      assert.equal(reply.status, 200);
      assert.deepEqual(limitHeaders(reply), {});
    }
  });
});

test("a route's own short window: after the 429, the window resets and the count starts again", async () => {
  const client = { 'x-forwarded-for': '203.0.113.4' };
  assert.equal((await get(behindProxy.base, '/api/limited/short', client)).status, 200);
  assert.equal((await get(behindProxy.base, '/api/limited/short', client)).status, 200);
  const refused = await get(behindProxy.base, '/api/limited/short', client);
  assert.equal(refused.status, 429);
  assert.equal(refused.headers['retry-after'], '1');
  // Polled until served again: the first answer after the reset is the new window's first request.
  let reply = refused;
  while (reply.status === 429) {
    await nextTurn();
    reply = await get(behindProxy.base, '/api/limited/short', client);
  }
  assert.equal(reply.status, 200);
  assert.deepEqual(limitHeaders(reply), {
    'ratelimit-policy': '"default";q=2;w=1',
    ratelimit: '"default";r=1;t=1',
  });
});

test('key user: counted per user the guard stored, whatever the address; a block still names the policy', async () => {
  const headers = (user: string) => ({ 'x-forwarded-for': '203.0.113.5', 'x-user': user });
  const statuses = [];
  for (const user of ['alice', 'alice', 'alice', 'bob']) {
    statuses.push((await get(behindProxy.base, '/api/users/me', headers(user))).status);
  }
  assert.deepEqual(statuses, [200, 200, 429, 200]);
  const blocked = await get(behindProxy.base, '/api/users/me', headers('blocked'));
  assert.equal(blocked.status, 401);
  assert.deepEqual(limitHeaders(blocked), { 'ratelimit-policy': '"default";q=2;w=3600' });
});

test('a key function: counted per the value it gives', async () => {
  const statuses = [];
  for (const tenant of ['t1', 't1', 't1', 't2']) {
    statuses.push((await get(behindProxy.base, '/api/tenants', { 'x-tenant': tenant })).status);
  }
  assert.deepEqual(statuses, [200, 200, 429, 200]);
});

describe('the client address', () => {
  test('behind a trusted proxy, each forwarded address is its own client (the nearest untrusted one)', async () => {
    const first = await get(behindProxy.base, '/api/limited/hello', { 'x-forwarded-for': '198.51.100.1' });
    // A client's own X-Forwarded-For entry (left) is not believed: the proxy's entry (right) is the client.
    const spoofing = await get(behindProxy.base, '/api/limited/hello', {
      'x-forwarded-for': '198.51.100.1, 198.51.100.2',
    });
    assert.equal(first.headers.ratelimit, '"default";r=2;t=60');
    assert.equal(spoofing.headers.ratelimit, '"default";r=2;t=60');
  });

  test('with no trusted proxy, X-Forwarded-For is ignored: every address given counts as the one peer', async () => {
    const statuses = [];
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4']) {
      statuses.push((await get(direct.base, '/api/limited/hello', { 'x-forwarded-for': address })).status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429]);
  });
});
