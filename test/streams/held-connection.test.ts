/**
 * What a held WebSocket connection keeps: once the handshake is done, the upgrade request (its
 * IncomingMessage, and the ServerResponse and exchange that reach it) is garbage unless the
 * handler took it, while the connection keeps working, its `@Signal()` still aborts when it
 * closes and its generator's `finally` still runs. Checked with a weak reference to the
 * IncomingMessage the server emitted, after full collections in this process.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, it } from 'node:test';
import { WebSocket } from 'ws';
import { serveFixture } from '../support/served-fixture.js';
import { get, readAll } from './helpers.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const chat = serveFixture(fileURLToPath(new URL('../fixtures/streams/app', import.meta.url)));
const signals = serveFixture(fileURLToPath(new URL('../fixtures/streams/signal', import.meta.url)));

/** The upgrade requests the app's server emits from now on, held weakly. */
function watchUpgrades(served: { app: { server?: unknown } }): WeakRef<IncomingMessage>[] {
  const seen: WeakRef<IncomingMessage>[] = [];
  const server = served.app.server as Server;
  server.on('upgrade', (req: IncomingMessage) => seen.push(new WeakRef(req)));
  return seen;
}

/** Whether `ref`'s target is gone after full collections (a weak reference clears between turns). */
async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let attempt = 0; attempt < 10; attempt++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
    if (ref.deref() === undefined) return true;
  }
  return false;
}

function nextMessage(ws: WebSocket): Promise<string> {
  return once(ws, 'message').then(([data]) => String(data));
}

describe('a held WebSocket connection', () => {
  it('keeps none of its upgrade request, and keeps serving (a guard, ctx data, path and query)', async () => {
    const upgrades = watchUpgrades(chat);
    const port = new URL(chat.base).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/chat/rooms/lobby?nick=ann`, {
      headers: { authorization: 'Bearer good-token' },
    });
    assert.equal(await nextMessage(ws), 'welcome ann to lobby (good-token)');
    const echoed = nextMessage(ws);
    ws.send('hi');
    assert.equal(await echoed, '{"echo":"hi","room":"lobby"}');
    assert.equal(upgrades.length, 1);
    assert.equal(await collected(upgrades[0] as WeakRef<IncomingMessage>), true, 'the request is still held');

    const cleanupsBefore = Number(await readAll(await get(Number(port), '/api/events/cleanups/0')));
    const again = nextMessage(ws);
    ws.send('again');
    assert.equal(await again, '{"echo":"again","room":"lobby"}');
    ws.send('bye');
    const [code] = (await once(ws, 'close')) as [number];
    assert.equal(code, 1000);
    const cleanupsAfter = Number(
      await readAll(await get(Number(port), `/api/events/cleanups/${cleanupsBefore + 1}`)),
    );
    assert.equal(cleanupsAfter, cleanupsBefore + 1);
  });

  it('keeps none of it with @Signal() either, and the signal still aborts when the connection closes', async () => {
    const upgrades = watchUpgrades(signals);
    const port = Number(new URL(signals.base).port);
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/signal/socket`);
    assert.equal(await nextMessage(ws), 'open');
    assert.equal(upgrades.length, 1);
    assert.equal(await collected(upgrades[0] as WeakRef<IncomingMessage>), true, 'the request is still held');

    const before = JSON.parse(await readAll(await get(port, '/api/signal/state'))) as { reasons: string[] };
    ws.close(1000);
    await once(ws, 'close');
    for (let attempt = 0; ; attempt++) {
      const now = JSON.parse(await readAll(await get(port, '/api/signal/state'))) as { reasons: string[] };
      if (now.reasons.length > before.reasons.length) {
        assert.deepEqual(now.reasons.slice(before.reasons.length), ['The WebSocket connection closed.']);
        break;
      }
      assert.ok(attempt < 500, 'the signal never aborted');
    }
  });
});
