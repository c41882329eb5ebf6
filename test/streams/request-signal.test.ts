/**
 * `@Signal()` over a real server: the request's AbortSignal aborts when the client leaves (a
 * plain request, an SSE stream, a WebSocket), when the app shuts down, and never after a
 * complete answer; `ctx.signal` is the same signal; the document has no parameter for it.
 */
import assert from 'node:assert/strict';
import { get as httpGet, type ClientRequest, type IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { WebSocket } from 'ws';
import { documentOf, serveFixture } from '../support/served-fixture.js';
import { readAll, readUntil } from './helpers.js';

const root = fileURLToPath(new URL('../fixtures/streams/signal', import.meta.url));
const CLIENT_GONE = 'The client closed the connection before the answer was complete.';
const CONNECTION_CLOSED = 'The WebSocket connection closed.';
const APP_SHUTDOWN = 'The app is shutting down.';

interface SeenState {
  waiting: number;
  reasons: string[];
  answeredAborted: number;
}

const served = serveFixture(root);
/** The served fixture's port, known once its `before` hook ran. */
const port = (): number => Number(new URL(served.base).port);

/**
 * A GET on a connection of its own. A kept-alive connection would wait in the agent from one test
 * to the next, and the document test analyzes the fixture in this process, blocking it for many
 * seconds under load: past the server's keep-alive timeout, which then closes that connection as
 * the next test's request goes out on it (ECONNRESET, the race any client has with an expiring
 * keep-alive connection). A request the server has read is in flight and always gets its answer.
 */
function get(path: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port: port(), path, agent: false }, resolve).on('error', reject);
  });
}

async function state(): Promise<SeenState> {
  return JSON.parse(await readAll(await get('/api/signal/state'))) as SeenState;
}

/** Asks for the state until `done` holds: each ask is a request the server answers. */
async function stateWhen(done: (seen: SeenState) => boolean): Promise<SeenState> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const seen = await state();
    if (done(seen)) return seen;
  }
  throw new Error(`never reached: ${JSON.stringify(await state())}`);
}

describe('@Signal()', () => {
  it('aborts when the client of a plain request leaves', async () => {
    const start = await state();
    const request: ClientRequest = httpGet({ host: '127.0.0.1', port: port(), path: '/api/signal/wait' });
    request.on('error', () => {});
    await stateWhen((seen) => seen.waiting === start.waiting + 1);
    request.destroy();
    const seen = await stateWhen((now) => now.reasons.length === start.reasons.length + 1);
    assert.deepEqual(seen.reasons.slice(start.reasons.length), [CLIENT_GONE]);
    assert.equal(seen.waiting, start.waiting);
  });

  it('aborts when the client of an SSE stream leaves', async () => {
    const start = await state();
    const res = await get('/api/signal/events');
    await readUntil(res, 'data: open\n\n');
    res.destroy();
    const seen = await stateWhen((now) => now.reasons.length === start.reasons.length + 1);
    assert.deepEqual(seen.reasons.slice(start.reasons.length), [CLIENT_GONE]);
  });

  it('aborts when a WebSocket connection closes', async () => {
    const start = await state();
    const ws = new WebSocket(`ws://127.0.0.1:${port()}/api/signal/socket`);
    await new Promise((resolve) => ws.once('message', resolve));
    ws.close(1000);
    const seen = await stateWhen((now) => now.reasons.length === start.reasons.length + 1);
    assert.deepEqual(seen.reasons.slice(start.reasons.length), [CONNECTION_CLOSED]);
  });

  it('is ctx.signal, and never aborts after a complete answer', async () => {
    assert.equal(await readAll(await get('/api/signal/quick')), 'true');
    assert.equal(await readAll(await get('/api/signal/quick')), 'true');
    assert.equal((await state()).answeredAborted, 0);
  });

  it('a stream whose item fails to serialize ends, and its generator runs finally', async () => {
    const start = await state();
    const res = await get('/api/signal/failing');
    assert.equal(await readAll(res), 'data: {"n":1}\n\n');
    const seen = await stateWhen((now) => now.reasons.length === start.reasons.length + 1);
    assert.deepEqual(seen.reasons.slice(start.reasons.length), ['failing stream finished']);
  });

  it('is not a parameter in the document', () => {
    const operation = documentOf(root).paths['/signal/wait']?.get;
    assert.ok(operation);
    assert.equal(operation.parameters, undefined);
  });

  it('aborts when the app shuts down, and the request still gets its answer', async () => {
    const start = await state();
    const response = get('/api/signal/wait');
    await stateWhen((seen) => seen.waiting === start.waiting + 1);
    const closing = served.app.close();
    const res = await response;
    assert.equal(res.statusCode, 200);
    assert.equal(await readAll(res), APP_SHUTDOWN);
    await closing;
  });
});
