/**
 * A subscription made while serving a request ends with the request: relays written as
 * `yield 'subscribed'; yield* pubsub.subscribe(topic)`, in topics nobody publishes to, run their
 * `finally` as soon as their SSE or WebSocket client leaves, although the generator waits inside
 * `yield*` for a message that never comes.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { WebSocket } from 'ws';
import { serveFixture } from '../support/served-fixture.js';
import { get, readAll, readUntil } from '../streams/helpers.js';

const root = fileURLToPath(new URL('../fixtures/streams/relay', import.meta.url));
const served = serveFixture(root);
/** The served fixture's port, known once its `before` hook ran. */
const port = (): number => Number(new URL(served.base).port);

async function finished(topic: string): Promise<number> {
  return Number(await readAll(await get(port(), `/api/relay/finished/${topic}`)));
}

/** Asks until `topic`'s relays have all finished: each ask is a request the server answers. */
async function untilFinished(topic: string, expected: number): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) if ((await finished(topic)) === expected) return;
  assert.fail(`${topic}: ${await finished(topic)} relays finished, expected ${expected}`);
}

describe('a relay parked inside yield* ends when its client leaves', () => {
  it('SSE', async () => {
    const res = await get(port(), '/api/relay/events/quiet-sse');
    await readUntil(res, 'data: subscribed\n\n');
    assert.equal(await finished('quiet-sse'), 0);
    res.destroy();
    await untilFinished('quiet-sse', 1);
  });

  it('WebSocket, closed cleanly and dropped', async () => {
    for (const leave of ['close', 'terminate'] as const) {
      const ws = new WebSocket(`ws://127.0.0.1:${port()}/api/relay/socket/quiet-ws-${leave}`);
      const [message] = (await once(ws, 'message')) as [Buffer];
      assert.equal(message.toString(), 'subscribed');
      if (leave === 'close') ws.close(1000);
      else ws.terminate();
      await untilFinished(`quiet-ws-${leave}`, 1);
    }
  });

  it('the other relays of the topic keep their subscription', async () => {
    const staying = await get(port(), '/api/relay/events/shared');
    const leaving = await get(port(), '/api/relay/events/shared');
    await readUntil(staying, 'data: subscribed\n\n');
    await readUntil(leaving, 'data: subscribed\n\n');
    leaving.destroy();
    await untilFinished('shared', 1);
    const published = await fetch(`http://127.0.0.1:${port()}/api/relay/publish/shared`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify('still here'),
    });
    assert.equal(published.status, 202);
    await readUntil(staying, 'data: still here\n\n');
    staying.destroy();
    await untilFinished('shared', 2);
  });
});
