/** sendEventStream's `signal` (server shutdown): the stream ends cleanly and the producer is stopped. */
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { sendEventStream } from '../../src/runtime/streams/sse.js';
import { get, readAll, readUntil, signal, startServer, stopServer } from './helpers.js';

const shutdown = new AbortController();
const { server, port } = await startServer((_req, res) => {
  async function* endless(): AsyncGenerator<string> {
    yield 'first';
    await new Promise(() => {}); // waits for an event that never comes
  }
  void sendEventStream(res, endless(), { heartbeatMs: 0, signal: shutdown.signal });
});
after(() => stopServer(server));

it('an aborted signal ends an idle stream cleanly (no cut connection)', async () => {
  const res = await get(port, '/');
  const seen = { text: '' };
  await readUntil(res, 'data: first\n\n', seen);
  const rest = readAll(res);
  shutdown.abort();
  assert.equal(await rest, '');
  assert.equal(res.complete, true);
  assert.equal(seen.text, 'data: first\n\n');
});

it('a stream that starts after the signal aborted answers the headers and ends at once', async () => {
  const res = await get(port, '/');
  assert.equal(res.headers['content-type'], 'text/event-stream; charset=utf-8');
  assert.equal(await readAll(res), '');
  assert.equal(res.complete, true);
});

it('a generator stopped while yielding runs its finally', async () => {
  const controller = new AbortController();
  const done = signal();
  const local = await startServer((_req, res) => {
    async function* ticking(): AsyncGenerator<number> {
      try {
        for (let n = 0; ; n++) yield await Promise.resolve(n);
      } finally {
        done.resolve();
      }
    }
    void sendEventStream(res, ticking(), { heartbeatMs: 0, signal: controller.signal });
  });
  const res = await get(local.port, '/');
  await readUntil(res, 'data: 3\n\n');
  const rest = readAll(res);
  controller.abort();
  await rest;
  assert.equal(res.complete, true);
  await done.promise;
  await stopServer(local.server);
});
