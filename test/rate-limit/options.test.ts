/** The trustProxy and rateLimit options: a number of hops picks the client; bad values stop start-up. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestApp } from '../../src/testing/index.js';
import { serveFixture } from '../support/served-fixture.js';
import { viaSocket } from '../runtime/helpers.js';

const root = fileURLToPath(new URL('./fixture', import.meta.url));
const oneHop = serveFixture(root, { trustProxy: 1 });

test('trustProxy: 1 believes the last X-Forwarded-For entry only (the one proxy in front)', async () => {
  const remaining = [];
  for (const chain of ['203.0.113.9, 192.0.2.7', '198.51.100.4, 192.0.2.7', '192.0.2.8']) {
    const reply = await viaSocket(oneHop.base, {
      method: 'GET',
      url: '/api/limited/hello',
      headers: { 'x-forwarded-for': chain },
    });
    remaining.push(reply.headers.ratelimit);
  }
  // The first two are one client (192.0.2.7) whatever the client wrote before it; the third another.
  assert.deepEqual(remaining, ['"default";r=2;t=60', '"default";r=1;t=60', '"default";r=2;t=60']);
});

test('a bad trustProxy or rateLimit value is SVC_ERR_INVALID_OPTION at start-up', async () => {
  await assert.rejects(
    createTestApp({ root, log: () => {}, trustProxy: ['10.0.0.0/33'] }),
    /createApp option 'trustProxy' must be true, false, a number of proxy hops \(integer >= 0\), or a non-empty list of addresses and CIDR ranges \('10\.0\.0\.0\/8'\) \(got \["10\.0\.0\.0\/33"\]\) \[SVC_ERR_INVALID_OPTION\]/,
  );
  await assert.rejects(
    createTestApp({ root, log: () => {}, rateLimit: { redis: 'http://cache:6379' } }),
    /createApp option 'rateLimit' must be .* \(got \{"redis":"http:\/\/cache:6379"\}\) \[SVC_ERR_INVALID_OPTION\]/,
  );
});
