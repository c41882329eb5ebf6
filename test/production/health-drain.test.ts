/**
 * Readiness during a graceful shutdown: from the moment `app.close()` begins, a probe that still
 * reaches the server (on a connection it accepted before it stopped listening) is answered 503
 * `draining`, so a load balancer stops sending, while liveness stays 200 and the request in
 * flight is still answered. Driven by events: the slow handler says when it holds the request.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { Server } from 'node:http';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestApp } from '../../src/testing/index.js';
import { parseResponses } from '../custom-methods/raw-client.js';
import { Gate } from '../fixtures/health/src/checks.js';
import { viaSocket } from '../runtime/helpers.js';
import { RawConnection } from '../security/raw-connection.js';

const root = fileURLToPath(new URL('../fixtures/health', import.meta.url));

/** A raw connection the server has accepted (its 'connection' event fired). */
async function accepted(server: Server, port: number): Promise<RawConnection> {
  const seen = once(server, 'connection');
  const connection = await RawConnection.open(port);
  await seen;
  return connection;
}

/** Sends one GET on `connection`; gives the answer once the server closed the connection after it. */
async function probe(connection: RawConnection, path: string) {
  connection.write(`GET ${path} HTTP/1.1\r\nHost: probe\r\n\r\n`);
  const [answer, ...more] = parseResponses(await connection.untilClosed());
  assert.equal(more.length, 0);
  return { status: answer?.status, body: answer?.body, connection: answer?.headers.connection };
}

test('while close() drains a request in flight: ready is 503 draining, live 200, the request answered', async () => {
  const gate = new Gate();
  const app = await createTestApp({ root, log: false, overrides: [{ provide: Gate, useValue: gate }] });
  const { url, port } = await app.listen({ host: '127.0.0.1', port: 0 });
  const server = app.server as Server;
  const before = await accepted(server, port);
  assert.deepEqual(await probeOpen(before, '/health/ready'), { status: 200, body: '{"status":"ok"}' });

  const [readyProbe, liveProbe] = [await accepted(server, port), await accepted(server, port)];
  const slow = viaSocket(url, {
    method: 'GET',
    url: '/api/things/slow',
    headers: { authorization: 'Bearer ok' },
  });
  await gate.entered;
  const closing = app.close();

  assert.deepEqual(await probe(readyProbe, '/health/ready'), {
    status: 503,
    body: '{"status":"unavailable","reason":"draining","checks":{}}',
    connection: 'close',
  });
  assert.deepEqual(await probe(liveProbe, '/health/live'), {
    status: 200,
    body: '{"status":"ok"}',
    connection: 'close',
  });
  gate.open();
  const answer = await slow;
  assert.deepEqual({ status: answer.status, text: answer.text }, { status: 200, text: '{"done":true}' });
  const report = await closing;
  assert.deepEqual(
    { ...report, ms: undefined },
    { finished: 1, cut: 0, sseStreams: 0, webSockets: 0, ms: undefined },
  );
  // Served by inject after the close, readiness still says draining.
  const late = await app.inject({ method: 'GET', url: '/health/ready' });
  assert.equal(late.status, 503);
});

/** One GET on a keep-alive connection before any shutdown: the answer, the connection left open. */
async function probeOpen(connection: RawConnection, path: string) {
  connection.write(`GET ${path} HTTP/1.1\r\nHost: probe\r\n\r\n`);
  await connection.firstAnswer();
  const [answer] = parseResponses(connection.received);
  connection.socket.destroy();
  return { status: answer?.status, body: answer?.body };
}
