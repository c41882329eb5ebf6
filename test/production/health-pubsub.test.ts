/**
 * PubSub's own readiness check, on a real Redis (Debian's redis-server): ready while both of its
 * Redis connections are up, 503 naming `PubSub` once Redis is gone (publishes would fail), ready
 * again once it is back. Waits on PubSub's own log lines (lost, reconnected), never on time.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestApp } from '../../src/testing/index.js';
import { RedisServer } from '../pubsub/redis-server.js';
import { viaSocket } from '../runtime/helpers.js';

const root = fileURLToPath(new URL('../fixtures/health', import.meta.url));
let redis: RedisServer | undefined;
after(() => redis?.kill());

/** The log, and a way to wait for a line matching a pattern (checked on every new line). */
function watchedLog() {
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const log = (line: string): void => {
    lines.push(line);
    for (const waiter of [...waiters])
      if (waiter.pattern.test(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
  };
  const next = (pattern: RegExp) => new Promise<void>((resolve) => waiters.push({ pattern, resolve }));
  return { lines, log, next };
}

test('Redis gone: ready 503 naming PubSub, live 200; Redis back: ready 200', async () => {
  redis = await RedisServer.start();
  const { lines, log, next } = watchedLog();
  const app = await createTestApp({ root, log, pubsub: { redis: redis.url } });
  try {
    const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
    const ready = async () => {
      const reply = await viaSocket(url, { method: 'GET', url: '/health/ready' });
      return [reply.status, reply.text];
    };
    assert.deepEqual(await ready(), [200, '{"status":"ok"}']);

    const lost = next(/^svc: PubSub lost Redis/);
    await redis.kill();
    await lost;
    const notReady =
      '{"status":"unavailable","reason":"checks","checks":{"Database":"ok","Cache":"ok","Search":"ok","PubSub":"failed"}}';
    assert.deepEqual(await ready(), [503, notReady]);
    assert.equal((await viaSocket(url, { method: 'GET', url: '/health/live' })).status, 200);

    const back = next(/^svc: PubSub reconnected to Redis/);
    await redis.restart();
    await back;
    assert.deepEqual(await ready(), [200, '{"status":"ok"}']);
    assert.deepEqual(
      lines.filter((line) => line.startsWith('svc: readiness')),
      ['svc: readiness check PubSub returned false: not ready', 'svc: readiness check PubSub is ok again'],
    );
  } finally {
    await app.close();
  }
});
