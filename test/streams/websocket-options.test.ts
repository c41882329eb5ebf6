/** createApp({ webSocket }) reaches the WebSocket support: maxPayload and the keepalive ping. */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { after, before, it } from 'node:test';
import { WebSocket } from 'ws';
import { createTestApp, type SvcApp } from '../../src/testing/index.js';

const root = fileURLToPath(new URL('../fixtures/streams/app', import.meta.url));
let app: SvcApp;
let port: number;

before(async () => {
  app = await createTestApp({ root, log: () => {}, webSocket: { maxPayload: 16, pingIntervalMs: 10 } });
  port = (await app.listen({ host: '127.0.0.1', port: 0 })).port;
});
after(() => app.close());

async function joinLobby(): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/chat/rooms/lobby?nick=ann`, {
    headers: { authorization: 'Bearer good-token' },
  });
  const [welcome] = (await once(ws, 'message')) as [Buffer];
  assert.equal(welcome.toString(), 'welcome ann to lobby (good-token)');
  return ws;
}

it('a message larger than maxPayload closes the connection with 1009', async () => {
  const ws = await joinLobby();
  ws.send('small');
  const [echo] = (await once(ws, 'message')) as [Buffer];
  assert.deepEqual(JSON.parse(echo.toString()), { echo: 'small', room: 'lobby' });
  ws.send('x'.repeat(17));
  const [code] = (await once(ws, 'close')) as [number];
  assert.equal(code, 1009);
});

it('the server pings at pingIntervalMs', async () => {
  const ws = await joinLobby();
  await once(ws, 'ping');
  ws.close();
  await once(ws, 'close');
});
