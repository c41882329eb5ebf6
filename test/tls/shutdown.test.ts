/**
 * `app.close()` on a TLS server with HTTP/2 sessions open: each session gets GOAWAY (no new
 * streams; the ones in flight finish), so the server closes once they have, rather than waiting
 * for clients to hang up; after the grace period the sessions still busy are cut.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { constants, type ClientHttp2Session } from 'node:http2';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SESSION_IDLE_MS } from '../../src/runtime/http/tls/secure-server.js';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { eventReader, h2Request, h2Session, makeCertificate, tlsSocket } from './helpers.js';

const root = fileURLToPath(new URL('../fixtures/tls', import.meta.url));
const certificate = makeCertificate();
// The analysis, once: each test's app then starts from its cached result.
before(async () => {
  await (await createTestApp({ root, log: false })).close();
});
after(() => certificate.remove());

/** The largest grace period: a shutdown that waits for it never finishes within a test. */
const FOREVER_MS = 2 ** 31 - 1;
/**
 * A shutdown that leaves HTTP/2 sessions open fails here rather than hanging the run. It must end
 * before an idle session's own timeout would close the session and so hide that.
 */
const BOUNDED = { timeout: SESSION_IDLE_MS / 2 };

async function serve(
  shutdownGraceMs: number,
): Promise<{ app: SvcApp; port: number; session: ClientHttp2Session }> {
  const app = await createTestApp({
    root,
    dev: false,
    log: false,
    shutdownGraceMs,
    tls: { key: certificate.keyFile, cert: certificate.certFile },
  });
  const { port } = await app.listen({ host: '127.0.0.1', port: 0 });
  const session = await h2Session(`https://localhost:${port}`, certificate.ca);
  return { app, port, session };
}

/** The GOAWAY the session receives: its error code. */
function goaway(session: ClientHttp2Session): Promise<number> {
  return once(session, 'goaway').then(([code]) => code as number);
}

test('an idle HTTP/2 session: close() sends GOAWAY and completes', BOUNDED, async () => {
  const { app, session } = await serve(FOREVER_MS);
  assert.equal((await h2Request(session, { ':path': '/api/things/hello' })).status, 200);
  const away = goaway(session);
  const sessionClosed = once(session, 'close');
  const report = await app.close();
  assert.equal(await away, constants.NGHTTP2_NO_ERROR);
  assert.deepEqual({ ...report, ms: 0 }, { finished: 0, cut: 0, sseStreams: 0, webSockets: 0, ms: 0 });
  await sessionClosed;
});

test(
  'a request in flight on HTTP/2 is answered, later streams are refused, close() completes',
  BOUNDED,
  async () => {
    const { app, session } = await serve(FOREVER_MS);
    // Answers once the app shuts down (its signal aborts then).
    const slow = h2Request(session, { ':path': '/api/things/slow' });
    await handled(session);
    const away = goaway(session);
    const closing = app.close();
    assert.equal(await away, constants.NGHTTP2_NO_ERROR);
    const answer = await slow;
    assert.deepEqual({ status: answer.status, text: answer.text }, { status: 200, text: 'late' });
    const report = await closing;
    assert.deepEqual([report?.finished, report?.cut], [1, 0]);
    await assert.rejects(h2Request(session, { ':path': '/api/things/hello' }));
  },
);

test('an open SSE stream on HTTP/2 is ended by close()', BOUNDED, async () => {
  const { app, session } = await serve(FOREVER_MS);
  const stream = session.request({ ':path': '/api/things/ticks' });
  await once(stream, 'response');
  const events = eventReader(stream);
  await h2Request(
    session,
    { ':method': 'POST', ':path': '/api/things/ticks', 'content-type': 'application/json' },
    JSON.stringify({ tick: 7 }),
  );
  assert.equal(await events.next(), '{"tick":7}');
  const ended = once(stream, 'end');
  const report = await app.close();
  await ended;
  assert.equal(report?.sseStreams, 1);
  assert.equal(report?.cut, 0);
});

test('after the grace period a stream still in flight is cut with its session', BOUNDED, async () => {
  const { app, session } = await serve(1);
  const stuck = session.request({ ':path': '/api/things/stuck' });
  stuck.on('error', () => {});
  await handled(session);
  const closed = once(stuck, 'close');
  const report = await app.close();
  assert.deepEqual([report?.finished, report?.cut], [0, 1]);
  await closed;
  assert.notEqual(stuck.rstCode, constants.NGHTTP2_NO_ERROR);
});

test('an idle HTTP/1.1 keep-alive connection over TLS is closed by close()', BOUNDED, async () => {
  const { app, port, session } = await serve(FOREVER_MS);
  const socket = await tlsSocket(port, certificate.ca, ['http/1.1']);
  socket.write('GET /api/things/hello HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await once(socket, 'data');
  const closed = once(socket, 'close');
  await app.close();
  await closed;
  session.close();
});

/**
 * Resolves once the requests sent before on `session` have reached their handlers: the server
 * reads a session's streams in order, and this one is answered as soon as it is handled.
 */
async function handled(session: ClientHttp2Session): Promise<void> {
  await h2Request(session, { ':path': '/api/things/ticks/state' });
}
