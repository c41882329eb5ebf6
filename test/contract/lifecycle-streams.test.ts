/** SSE and WebSocket (docs/streams.md); lifecycle order, stop, block, interceptors (docs/lifecycle.md). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WebSocket } from 'ws';
import { startInProcess, type LiveApp } from './contract-app.js';
import { send } from './openapi-client.js';

/** Opens a socket, sends `messages`, closes after `expected` answers; resolves with the answers. */
function converse(url: string, messages: string[], expected: number, headers = {}): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const received: string[] = [];
    socket.on('open', () => messages.forEach((message) => socket.send(message)));
    socket.on('message', (data: Buffer) => {
      received.push(data.toString());
      if (received.length === expected) socket.close(1000);
    });
    socket.on('close', () => resolve(received));
    socket.on('unexpected-response', (_request, response) => resolve([`HTTP ${response.statusCode}`]));
    socket.on('error', reject);
  });
}

describe('contract: lifecycle and streams', () => {
  let live: LiveApp;
  const url = (path: string) => `${live.origin}/api${path}`;

  before(async () => (live = await startInProcess()));
  after(() => live.app.close());

  it('runs middleware, guards, pre-interceptors, handler, post-interceptors in reverse; app → controller → route', async () => {
    const response = await send('GET', url('/lifecycle/order'));
    assert.equal(response.status, 200);
    assert.deepEqual(JSON.parse(response.body.toString()), { seen: 'pre' });
    const levels = ['controller', 'route-a', 'route-b'];
    const phase = (name: string) => levels.map((level) => `${name}:${level}`);
    // The trace header is set by each post-interceptor; the last one to run (the controller's) wins.
    assert.equal(
      response.headers['x-trace'],
      [
        ...phase('mw'),
        ...phase('guard'),
        ...phase('pre'),
        'post:route-b',
        'post:route-a',
        'post:controller',
      ].join(','),
    );
    assert.equal(response.headers['x-request-log'], 'GET', 'the app-level @RequestLog() ran');
  });

  it('a middleware stop ends the request with its status, body and headers', async () => {
    const response = await send('GET', url('/lifecycle/order?stopAt=mw:route-a'));
    assert.equal(response.status, 202);
    assert.equal(response.headers['x-stopped'], 'route-a');
    assert.deepEqual(JSON.parse(response.body.toString()), { stoppedBy: 'route-a' });
    assert.equal(response.headers['x-trace'], undefined, 'nothing later ran');
  });

  it('a guard block defaults to 403 with its text body', async () => {
    const response = await send('GET', url('/lifecycle/order?blockAt=controller'));
    assert.equal(response.status, 403);
    assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(response.body.toString(), 'blocked by controller');
  });

  it('a post-interceptor changes status and body through ctx.response', async () => {
    const response = await send('GET', url('/lifecycle/wrapped'));
    assert.equal(response.status, 203);
    assert.deepEqual(JSON.parse(response.body.toString()), { wrapped: 'inner' });
  });

  it('SSE: text/event-stream, data lines, objects as JSON, multi-line strings split', async () => {
    const response = await send('GET', url('/streams/ticks?count=2'));
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^text\/event-stream/);
    assert.equal(
      response.body.toString(),
      'data: {"seq":0}\n\ndata: {"seq":1}\n\ndata: line one\ndata: line two\n\n',
    );
  });

  it('WebSocket: binds @Param and @Query, echoes @Messages, sends objects as JSON', async () => {
    const answers = await converse(
      url('/streams/echo/lobby?shout=false').replace('http', 'ws'),
      ['hi', 'yo'],
      3,
    );
    assert.deepEqual(answers, ['{"joined":"lobby"}', 'lobby: hi', 'lobby: yo']);
  });

  it('WebSocket: a guard on the upgrade request blocks with its HTTP status and no upgrade', async () => {
    const ws = url('/streams/private').replace('http', 'ws');
    assert.deepEqual(await converse(ws, [], 1), ['HTTP 401']);
    assert.deepEqual(await converse(ws, [], 1, { authorization: 'Bearer admin-token' }), ['hello 18']);
  });
});
