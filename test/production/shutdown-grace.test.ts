/**
 * `app.close()` in-process: a request still running when `shutdownGraceMs` runs out has its
 * connection closed and is counted as cut; one that finishes in time is counted as finished.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestApp } from '../../src/testing/index.js';
import { viaSocket } from '../runtime/helpers.js';

const root = fileURLToPath(new URL('../fixtures/production', import.meta.url));

/** Starts the app, sends one slow request, closes once the server has it in hand. */
async function closeDuring(slowMs: number, shutdownGraceMs: number) {
  const app = await createTestApp({ root, log: false, shutdownGraceMs });
  const base = (await app.listen({ host: '127.0.0.1', port: 0 })).url;
  const server = app.server;
  assert.ok(server);
  // The app's own 'request' listener runs first: once this fires, the handler is in flight.
  const arrived = once(server, 'request');
  const reply = viaSocket(base, { method: 'GET', url: `/api/live/slow?ms=${slowMs}&n=1` }).then(
    (answer) => answer.status,
    (error: NodeJS.ErrnoException) => error.code,
  );
  await arrived;
  const report = await app.close();
  return { report: { ...report, ms: undefined }, reply: await reply };
}

test('a request past the grace period is cut: its connection closed, the report says so', async () => {
  // The handler's timer still runs out after the test (1.5 s); its late answer goes nowhere.
  assert.deepEqual(await closeDuring(1500, 50), {
    report: { finished: 0, cut: 1, sseStreams: 0, webSockets: 0, ms: undefined },
    reply: 'ECONNRESET',
  });
});

test('a request that ends within the grace period is answered and counted as finished', async () => {
  assert.deepEqual(await closeDuring(30, 5000), {
    report: { finished: 1, cut: 0, sseStreams: 0, webSockets: 0, ms: undefined },
    reply: 200,
  });
});
