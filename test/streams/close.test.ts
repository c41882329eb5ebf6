/** app.close() with streams open: SSE streams end cleanly, WebSockets close with 1001, close resolves. */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';
import { WebSocket } from 'ws';
import { createTestApp } from '../../src/testing/index.js';
import { get, readAll, readUntil } from './helpers.js';

const root = fileURLToPath(new URL('../fixtures/streams/app', import.meta.url));

it(
  'close ends open SSE streams and closes WebSockets with 1001 Going Away',
  { timeout: 20_000 },
  async () => {
    const app = await createTestApp({ root, log: () => {} });
    const port = (await app.listen({ host: '127.0.0.1', port: 0 })).port;

    const ticks = await get(port, '/api/events/ticks');
    const seen = { text: '' };
    await readUntil(ticks, '"n":1', seen);
    const quiet = await get(port, '/api/events/quiet');
    await readUntil(quiet, 'data: start\n\n');
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/chat/rooms/lobby?nick=ann`, {
      headers: { authorization: 'Bearer good-token' },
    });
    await once(ws, 'message');
    const wsClosed = once(ws, 'close') as Promise<[number, Buffer]>;
    const ticksRest = readAll(ticks);
    const quietRest = readAll(quiet);

    await app.close();

    const [code] = await wsClosed;
    assert.equal(code, 1001);
    // Both streams ended as streams end (the chunked terminator), not by a cut connection.
    assert.match(seen.text + (await ticksRest), /^(data: \{"n":\d+,"label":"tick \d+"\}\n\n)+$/);
    assert.equal(ticks.complete, true);
    assert.equal(await quietRest, '');
    assert.equal(quiet.complete, true);
    assert.equal(app.server?.listening, false);
    // The ticks stream and the chat handler both ran their finally (inject still works after close).
    const cleanups = await app.inject({ method: 'GET', url: '/api/events/cleanups/2' });
    assert.equal(cleanups.json(), 2);
  },
);

it('twelve open SSE streams raise no MaxListenersExceededWarning, and close ends them all', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  const app = await createTestApp({ root, log: () => {} });
  try {
    const port = (await app.listen({ host: '127.0.0.1', port: 0 })).port;
    const streams = await Promise.all(Array.from({ length: 12 }, () => get(port, '/api/events/quiet')));
    await Promise.all(streams.map((stream) => readUntil(stream, 'data: start\n\n')));
    const rests = streams.map((stream) => readAll(stream));
    await app.close();
    assert.deepEqual(await Promise.all(rests), Array(12).fill(''));
    assert.deepEqual(
      streams.map((stream) => stream.complete),
      Array(12).fill(true),
    );
    assert.deepEqual(warnings, []);
  } finally {
    process.off('warning', onWarning);
  }
});
