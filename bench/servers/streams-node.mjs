// The stream baselines without a framework: SSE written by hand on node:http (with
// backpressure), WebSocket echo with the `ws` library svc itself uses.
import { createServer } from 'node:http';
import { once } from 'node:events';
import { WebSocketServer } from 'ws';
import { listen } from './serve.mjs';

async function sendTicks(res) {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  for (let n = 0; !closed; n++) {
    if (!res.write(`data: ${JSON.stringify({ n })}\n\n`))
      await Promise.race([once(res, 'drain'), once(res, 'close')]);
  }
}

/** One event, then the stream stays open and quiet until the client leaves. */
function sendIdle(res) {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.write(`data: ${JSON.stringify({ n: 0 })}\n\n`);
}

const server = createServer((req, res) => {
  if (req.url === '/events') return void sendTicks(res);
  if (req.url === '/events/idle') return sendIdle(res);
  res.writeHead(404).end();
});
const wss = new WebSocketServer({ server, path: '/ws' });
wss.on('connection', (socket) => socket.on('message', (data) => socket.send(data.toString())));
await listen(server);
