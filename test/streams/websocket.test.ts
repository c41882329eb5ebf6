import assert from 'node:assert/strict';
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { after, describe, it } from 'node:test';
import { WebSocket } from 'ws';
import { installWebSocketSupport } from '../../src/runtime/streams/websocket-server.js';
import type { WebSocketHandler } from '../../src/runtime/streams/websocket-session.js';
import { listen, signal, stopServer } from './helpers.js';

/** A hand-written resolver standing in for the runtime's route lookup and guards. */
const handlers: Record<string, WebSocketHandler> = {};
const finallyRan = signal();

function refuse(res: ServerResponse, status: number, body: string): undefined {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
  return undefined;
}

function resolveUpgrade(req: IncomingMessage, res: ServerResponse): WebSocketHandler | undefined {
  const handler = handlers[new URL(req.url ?? '/', 'http://x').pathname];
  if (!handler) return refuse(res, 404, 'no such route');
  if (req.headers.authorization !== 'Bearer good') return refuse(res, 401, 'Invalid token');
  return handler;
}

handlers['/echo'] = async function* (messages) {
  yield 'hello';
  for await (const message of messages) {
    if (message === 'bye') return;
    yield { echo: message };
  }
};
handlers['/fail'] = async function* () {
  yield 'about to fail';
  throw new Error('handler broke');
};
handlers['/endless'] = async function* (messages) {
  try {
    yield 'ready';
    for await (const message of messages) yield message;
  } finally {
    finallyRan.resolve();
  }
};

interface Received {
  messages: string[];
  code: number;
}

/** Opens a client, sends `send` after the first message, and collects everything until close. */
async function converse(port: number, path: string, send: string[]): Promise<Received> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers: { authorization: 'Bearer good' } });
  const messages: string[] = [];
  ws.on('message', (data) => {
    messages.push(data.toString());
    if (messages.length === 1) for (const text of send) ws.send(text);
  });
  const [code] = (await once(ws, 'close')) as [number];
  return { messages, code };
}

describe('WebSocket support', async () => {
  const server = http.createServer((_req, res) => res.end('plain'));
  const logged: string[] = [];
  installWebSocketSupport(server, resolveUpgrade, { log: (line) => logged.push(line), maxPayload: 1024 });
  const port = await listen(server);
  after(() => stopServer(server));

  it('refuses before upgrading when the resolver answers (401, body kept)', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/echo`);
    const [, res] = (await once(ws, 'unexpected-response')) as [unknown, IncomingMessage];
    assert.equal(res.statusCode, 401);
    assert.equal(res.headers.connection, 'close');
    let body = '';
    for await (const chunk of res) body += String(chunk);
    assert.equal(body, 'Invalid token');
  });

  it('answers an unknown path with 404 and no upgrade', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/nowhere`, { headers: { authorization: 'Bearer good' } });
    const [, res] = (await once(ws, 'unexpected-response')) as [unknown, IncomingMessage];
    assert.equal(res.statusCode, 404);
    res.resume();
  });

  it('greets, echoes as JSON, and closes with 1000 when the handler returns', async () => {
    const { messages, code } = await converse(port, '/echo', ['one', 'two', 'bye']);
    assert.deepEqual(messages, ['hello', '{"echo":"one"}', '{"echo":"two"}']);
    assert.equal(code, 1000);
  });

  it('closes with 1011 when the handler throws', async () => {
    const { messages, code } = await converse(port, '/fail', []);
    assert.deepEqual(messages, ['about to fail']);
    assert.equal(code, 1011);
    assert.ok(logged.some((line) => line.includes('handler broke')));
  });

  it("ends the incoming iterable and runs the handler's finally when the client closes", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/endless`, { headers: { authorization: 'Bearer good' } });
    await once(ws, 'message');
    ws.close(1000);
    await finallyRan.promise;
  });

  it('closes with 1009 when a message is larger than maxPayload', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/endless`, { headers: { authorization: 'Bearer good' } });
    await once(ws, 'message');
    ws.send('x'.repeat(2048));
    const [code] = (await once(ws, 'close')) as [number];
    assert.equal(code, 1009);
  });

  it('closes with 1003 on a binary message', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/endless`, { headers: { authorization: 'Bearer good' } });
    await once(ws, 'message');
    ws.send(Buffer.from([1, 2, 3]));
    const [code] = (await once(ws, 'close')) as [number];
    assert.equal(code, 1003);
  });
});

describe('WebSocket keepalive', () => {
  it('terminates a peer that does not answer pings', async () => {
    const server = http.createServer();
    const port = await listen(server);
    installWebSocketSupport(
      server,
      () => (messages) =>
        (async function* () {
          for await (const message of messages) yield message;
        })(),
      { pingIntervalMs: 10 },
    );
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { autoPong: false });
    const [code] = (await once(ws, 'close')) as [number];
    assert.equal(code, 1006, 'terminated without a close frame');
    await stopServer(server);
  });
});
