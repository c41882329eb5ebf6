/** End to end: a fixture app with SSE, WebSocket and custom-method routes, served on port 0. */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { WebSocket } from 'ws';
import { createTestApp, type SvcApp } from '../../src/testing/index.js';
import { parseResponses, rawExchange, rawRequest } from '../custom-methods/raw-client.js';
import { ServerSockets } from '../custom-methods/server-sockets.js';
import { get, readAll, readUntil } from './helpers.js';

const root = fileURLToPath(new URL('../fixtures/streams/app', import.meta.url));
let app: SvcApp;
let port: number;
let serverSockets: ServerSockets;

before(async () => {
  app = await createTestApp({ root, sseHeartbeatMs: 20, log: () => {} });
  port = (await app.listen({ host: '127.0.0.1', port: 0 })).port;
  serverSockets = new ServerSockets(app.server!);
});
after(() => app.close());

function connect(path: string, token?: string): WebSocket {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
}

async function refusal(
  ws: WebSocket,
): Promise<{ status: number; body: string; headers: IncomingMessage['headers'] }> {
  const [, res] = (await once(ws, 'unexpected-response')) as [unknown, IncomingMessage];
  return { status: res.statusCode ?? 0, body: await readAll(res), headers: res.headers };
}

describe('SSE routes', () => {
  it('streams the exact frames: strings, multi-line strings and JSON objects', async () => {
    const res = await get(port, '/api/events/frames');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(
      await readAll(res),
      'data: hello\n\n' +
        'data: line one\ndata: line two\ndata: line three\n\n' +
        'data: {"n":3,"label":"three"}\n\n',
    );
  });

  it('sends a heartbeat comment while idle', async () => {
    const res = await get(port, '/api/events/quiet');
    const text = await readUntil(res, ': ping\n\n');
    assert.ok(text.startsWith('data: start\n\n: ping\n\n'), JSON.stringify(text));
    res.destroy();
  });

  it("runs the handler's finally when the client disconnects", async () => {
    const before = Number(await readAll(await get(port, '/api/events/cleanups/0')));
    const res = await get(port, '/api/events/ticks');
    await readUntil(res, '"n":2');
    res.destroy();
    const cleanups = await get(port, `/api/events/cleanups/${before + 1}`);
    assert.equal(cleanups.statusCode, 200);
    assert.equal(Number(await readAll(cleanups)), before + 1);
  });

  it('runs guards first: a block answers with its status and no stream', async () => {
    const res = await get(port, '/api/events/private');
    assert.equal(res.statusCode, 401);
    assert.equal(await readAll(res), 'Missing or invalid Authorization header');
  });
});

describe('WebSocket routes', () => {
  it('refuses the upgrade when the guard blocks (401, no upgrade)', async () => {
    const missing = await refusal(connect('/api/chat/rooms/lobby?nick=ann'));
    assert.equal(missing.status, 401);
    assert.equal(missing.body, 'Missing or invalid Authorization header');
    const invalid = await refusal(connect('/api/chat/rooms/lobby?nick=ann', 'bad-token'));
    assert.equal(invalid.status, 401);
    assert.equal(invalid.body, 'Invalid token');
  });

  it('greets with bound params, echoes as JSON, and closes 1000 when the handler ends', async () => {
    const ws = connect('/api/chat/rooms/lobby%20one?nick=ann', 'good-token');
    const received: string[] = [];
    ws.on('message', (data) => {
      received.push(data.toString());
      if (received.length === 1) {
        ws.send('hi');
        ws.send('bye');
      }
    });
    const [code] = (await once(ws, 'close')) as [number];
    assert.deepEqual(received, ['welcome ann to lobby one (good-token)', '{"echo":"hi","room":"lobby one"}']);
    assert.equal(code, 1000);
  });

  it('closes 1011 when the handler throws', async () => {
    const ws = connect('/api/chat/broken');
    const received: string[] = [];
    ws.on('message', (data) => received.push(data.toString()));
    const [code] = (await once(ws, 'close')) as [number];
    assert.deepEqual(received, ['about to fail']);
    assert.equal(code, 1011);
  });

  it("ends the incoming messages and runs the handler's finally when the client closes", async () => {
    const before = Number(await readAll(await get(port, '/api/events/cleanups/0')));
    const ws = connect('/api/chat/rooms/x?nick=bo', 'good-token');
    await once(ws, 'message');
    ws.close(1000);
    const res = await get(port, `/api/events/cleanups/${before + 1}`);
    assert.equal(Number(await readAll(res)), before + 1);
  });

  it('answers 404 before upgrading for an unknown path', async () => {
    const res = await refusal(connect('/api/chat/nowhere/at/all'));
    assert.equal(res.status, 404);
    assert.equal(res.headers['content-type'], 'application/problem+json');
    assert.equal(JSON.parse(res.body).status, 404);
  });

  it('answers 404 before upgrading a path that is not a WebSocket route', async () => {
    const res = await refusal(connect('/api/tools/plain'));
    assert.equal(res.status, 404);
    assert.equal(res.headers['connection'], 'close');
  });
});

describe('custom methods on the running server', () => {
  it('serves CUSTOM without a body', async () => {
    const res = await rawRequest(port, ['CUSTOM /api/tools/special HTTP/1.1\r\nHost: a\r\n\r\n']);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(res.headers['connection'], 'close');
    assert.equal(res.body, 'special answer');
  });

  it('serves CUSTOM with a JSON body, bound and validated like any route', async () => {
    const body = JSON.stringify({ text: 'hi' });
    const res = await rawRequest(
      port,
      [
        'CUSTOM /api/tools/notes HTTP/1.1\r\nHost: a\r\nX-Who: ann\r\nContent-Type: application/json\r\n',
        `Content-Length: ${body.length}\r\n\r\n${body}`,
      ],
      serverSockets,
    );
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body), { text: 'ann wrote hi' });
    const invalid = await rawRequest(port, [
      'CUSTOM /api/tools/notes HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    ]);
    assert.equal(invalid.status, 400);
  });

  it('answers 405 with Allow for a declared custom method on a path without it', async () => {
    const res = await rawRequest(port, ['CUSTOM /api/tools/plain HTTP/1.1\r\nHost: a\r\n\r\n']);
    assert.equal(res.status, 405);
    assert.match(res.headers['allow'] ?? '', /GET/);
  });

  it('answers 501 for a method nobody declared', async () => {
    const res = await rawRequest(port, ['BREW /api/tools/special HTTP/1.1\r\nHost: a\r\n\r\n']);
    assert.equal(res.status, 501);
    assert.equal(JSON.parse(res.body).type, 'urn:svc:error:SVC_ERR_NOT_IMPLEMENTED');
  });

  it('handles a request split across packets after a pipelined GET', async () => {
    const raw = await rawExchange(
      port,
      [
        'GET /api/tools/plain HTTP/1.1\r\nHost: a\r\n\r\nCUS',
        'TOM /api/tools/special HTTP/1.1\r\n',
        'Host: a\r\n\r\n',
      ],
      serverSockets,
    );
    assert.deepEqual(
      parseResponses(raw).map((res) => [res.status, res.body]),
      [
        [200, 'plain'],
        [200, 'special answer'],
      ],
    );
  });
});
