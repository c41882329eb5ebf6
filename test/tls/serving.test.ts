/**
 * One TLS port, two protocols: the same app answers HTTP/1.1 (clients that offer no ALPN or
 * `http/1.1`) and HTTP/2 (clients that offer `h2`): JSON routes, validation problems,
 * compression, SSE, the reference page, WebSockets and custom methods, with no warning from
 * Node's HTTP/2 compatibility layer.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { constants, type ClientHttp2Session } from 'node:http2';
import { gunzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import {
  cancel,
  eventReader,
  h2Request,
  h2Session,
  httpsGet,
  makeCertificate,
  readToClose,
  tlsSocket,
} from './helpers.js';

const root = fileURLToPath(new URL('../fixtures/tls', import.meta.url));
const certificate = makeCertificate();
const lines: string[] = [];
/** Node's compatibility layer warns (once per process) on what HTTP/2 cannot carry. */
const warnings: string[] = [];
const onWarning = (warning: Error): void => void warnings.push(warning.message);
let app: SvcApp;
let url: string;
let session: ClientHttp2Session;
let port: number;
/** `https://localhost:<port>`: the name the certificate is for. */
let base: string;

before(async () => {
  process.on('warning', onWarning);
  app = await createTestApp({
    root,
    dev: false,
    tls: { key: certificate.keyFile, cert: certificate.certFile },
    docs: '/docs',
    log: (line) => lines.push(line),
  });
  ({ url, port } = await app.listen({ host: '127.0.0.1', port: 0 }));
  base = `https://localhost:${port}`;
  session = await h2Session(base, certificate.ca);
});
after(async () => {
  session.close();
  await app.close();
  process.off('warning', onWarning);
  certificate.remove();
});

/** A problem body's type, which names its catalogue code. */
const typeOf = (text: string): string => (JSON.parse(text) as { type: string }).type;

test('listen resolves with an https:// URL', () => {
  assert.equal(url, `https://127.0.0.1:${port}`);
});

test('HTTP/1.1 over TLS (no ALPN, and ALPN http/1.1): the route answers', async () => {
  for (const ALPNProtocols of [undefined, ['http/1.1']]) {
    const answer = await httpsGet(`${base}/api/things/hello`, certificate.ca, { ALPNProtocols });
    assert.equal(answer.status, 200);
    assert.equal(answer.httpVersion, '1.1');
    assert.equal(answer.alpn, ALPNProtocols === undefined ? false : 'http/1.1');
    assert.deepEqual(JSON.parse(answer.text), { hello: 'world', host: `localhost:${port}` });
  }
});

test('HTTP/2: GET answers with its headers and no connection-specific ones', async () => {
  const answer = await h2Request(session, { ':path': '/api/things/hello' });
  assert.equal(answer.status, 200);
  // `host` comes from :authority, as an HTTP/1.1 request would have it.
  assert.deepEqual(JSON.parse(answer.text), { hello: 'world', host: `localhost:${port}` });
  assert.equal(answer.headers['content-type'], 'application/json');
  assert.equal(answer.headers['content-length'], String(answer.body.length));
  assert.equal(answer.headers['x-content-type-options'], 'nosniff');
  assert.match(String(answer.headers['x-request-id']), /^\S+$/);
  assert.equal(answer.headers.connection, undefined);
});

test('HTTP/2: POST with a valid JSON body is answered with it', async () => {
  const answer = await h2Request(
    session,
    { ':method': 'POST', ':path': '/api/things', 'content-type': 'application/json' },
    JSON.stringify({ name: 'lamp', count: 2 }),
  );
  assert.equal(answer.status, 200);
  assert.deepEqual(JSON.parse(answer.text), { name: 'lamp', count: 2 });
});

test('HTTP/2: an invalid body is a 400 problem naming each field', async () => {
  const answer = await h2Request(
    session,
    { ':method': 'POST', ':path': '/api/things', 'content-type': 'application/json' },
    JSON.stringify({ name: '', count: 'two' }),
  );
  assert.equal(answer.status, 400);
  assert.equal(answer.headers['content-type'], 'application/problem+json');
  const problem = JSON.parse(answer.text) as {
    type: string;
    errors: { in: string; name: string }[];
    instance: string;
  };
  assert.equal(problem.type, 'urn:svc:error:SVC_ERR_VALIDATION');
  assert.deepEqual(problem.errors.map((error) => `${error.in}.${error.name}`).sort(), [
    'body./count',
    'body./name',
  ]);
  assert.equal(problem.instance, answer.headers['x-request-id']);
});

test('HTTP/2: unknown path 404 and malformed JSON 400, then the session still serves', async () => {
  const missing = await h2Request(session, { ':path': '/api/nowhere' });
  assert.equal(missing.status, 404);
  assert.equal(typeOf(missing.text), 'urn:svc:error:SVC_ERR_NOT_FOUND');
  const malformed = await h2Request(
    session,
    { ':method': 'POST', ':path': '/api/things', 'content-type': 'application/json' },
    '{"name":',
  );
  assert.equal(malformed.status, 400);
  assert.equal(typeOf(malformed.text), 'urn:svc:error:SVC_ERR_MALFORMED_JSON');
  assert.equal((await h2Request(session, { ':path': '/api/things/hello' })).status, 200);
});

test('HTTP/2: a body over the limit is 413 (declared or not); only its stream ends, the session serves on', async () => {
  const body = JSON.stringify({ name: 'x'.repeat(1_100_000), count: 1 });
  for (const length of [{ 'content-length': String(Buffer.byteLength(body)) }, {}]) {
    const headers = {
      ':method': 'POST',
      ':path': '/api/things',
      'content-type': 'application/json',
      ...length,
    };
    const answer = await h2Request(session, headers, body);
    assert.equal(answer.status, 413);
    assert.equal(typeOf(answer.text), 'urn:svc:error:SVC_ERR_BODY_TOO_LARGE');
    assert.equal(answer.headers.connection, undefined);
  }
  assert.equal((await h2Request(session, { ':path': '/api/things/hello' })).status, 200);
});

test('HTTP/2: Expect: 100-continue gets 100 before the body is sent', async () => {
  const stream = session.request(
    { ':method': 'POST', ':path': '/api/things', 'content-type': 'application/json', expect: '100-continue' },
    { endStream: false },
  );
  await once(stream, 'continue');
  stream.end(JSON.stringify({ name: 'late body', count: 1 }));
  const [headers] = (await once(stream, 'response')) as [Record<string, unknown>];
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  assert.equal(headers[':status'], 200);
  assert.deepEqual(JSON.parse(text), { name: 'late body', count: 1 });
});

test('HTTP/2: a large JSON answer is gzip-compressed when accepted', async () => {
  const answer = await h2Request(session, {
    ':path': '/api/things/list?count=100',
    'accept-encoding': 'gzip',
  });
  assert.equal(answer.status, 200);
  assert.equal(answer.headers['content-encoding'], 'gzip');
  assert.equal(answer.headers.vary, 'Accept-Encoding');
  const items = JSON.parse(gunzipSync(answer.body).toString('utf8')) as { id: number }[];
  assert.deepEqual(
    items.map((item) => item.id),
    Array.from({ length: 100 }, (_, id) => id),
  );
});

/** Gives the fixture's SSE stream its next event. */
async function tick(n: number): Promise<void> {
  const answer = await h2Request(
    session,
    { ':method': 'POST', ':path': '/api/things/ticks', 'content-type': 'application/json' },
    JSON.stringify({ tick: n }),
  );
  assert.equal(answer.status, 200);
}

async function tickState(): Promise<{ open: number; ended: number }> {
  return JSON.parse((await h2Request(session, { ':path': '/api/things/ticks/state' })).text) as {
    open: number;
    ended: number;
  };
}

// Bounded: a stream that outlived its client would keep this test polling forever.
test(
  'HTTP/2: SSE events arrive one by one, and the stream ends when the client cancels',
  { timeout: 60_000 },
  async () => {
    const before = await tickState();
    const stream = session.request({ ':path': '/api/things/ticks' });
    const [headers] = (await once(stream, 'response')) as [Record<string, unknown>];
    assert.equal(headers[':status'], 200);
    assert.equal(headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.equal(headers.connection, undefined);
    const events = eventReader(stream);
    // Each event exists only once the test asked for it, after it read the one before.
    for (const n of [1, 2, 3]) {
      await tick(n);
      assert.equal(await events.next(), JSON.stringify({ tick: n }));
    }
    cancel(stream);
    await once(stream, 'close');
    // The handler's `finally` ran: no stream of this test is open any more.
    let state = await tickState();
    while (state.ended === before.ended) state = await tickState();
    assert.deepEqual(state, { open: before.open, ended: before.ended + 1 });
  },
);

test("HTTP/2: a completely answered request's signal never aborts", async () => {
  for (let i = 0; i < 3; i++)
    assert.equal((await h2Request(session, { ':path': '/api/things/quick' })).text, 'quick');
  assert.equal((await h2Request(session, { ':path': '/api/things/quick/aborted' })).text, '0');
});

test('HTTP/2: the health endpoints', async () => {
  for (const path of ['/health/live', '/health/ready']) {
    const answer = await h2Request(session, { ':path': path });
    assert.deepEqual([answer.status, answer.text], [200, '{"status":"ok"}']);
    assert.equal(answer.headers['cache-control'], 'no-store');
  }
});

test('HTTP/2: the reference page and its files', async () => {
  const page = await h2Request(session, { ':path': '/docs' });
  assert.equal(page.status, 200);
  assert.match(String(page.headers['content-type']), /^text\/html/);
  assert.match(page.text, /swagger-ui/);
  assert.match(String(page.headers['content-security-policy']), /default-src/);
  const cached = await h2Request(session, { ':path': '/docs', 'if-none-match': String(page.headers.etag) });
  assert.equal(cached.status, 304);
});

test('curl --http2 -k: HTTP/2 200 and the body', async () => {
  const { stdout } = await new Promise<{ stdout: string }>((resolve, reject) =>
    execFile(
      'curl',
      ['-sS', '-i', '-k', '--http2', `https://127.0.0.1:${port}/api/things/hello`],
      (error, out) => (error ? reject(error) : resolve({ stdout: out })),
    ),
  );
  assert.match(stdout, /^HTTP\/2 200 ?\r\n/);
  assert.match(stdout, /\r\ncontent-type: application\/json\r\n/);
  assert.equal(
    stdout.slice(stdout.indexOf('\r\n\r\n') + 4),
    '{"hello":"world","host":"127.0.0.1:' + port + '"}',
  );
});

test('a WebSocket over TLS (HTTP/1.1) echoes', async () => {
  const ws = new WebSocket(`wss://localhost:${port}/api/things/echo`, { ca: certificate.ca });
  await once(ws, 'open');
  ws.send('hi');
  const [message] = (await once(ws, 'message')) as [Buffer];
  assert.equal(message.toString(), 'echo hi');
  ws.close();
  await once(ws, 'close');
});

test('HTTP/2: a GET on a WebSocket route is 426 with no Upgrade header (HTTP/2 has none)', async () => {
  const answer = await h2Request(session, { ':path': '/api/things/echo' });
  assert.equal(answer.status, 426);
  assert.equal(typeOf(answer.text), 'urn:svc:error:SVC_ERR_UPGRADE_REQUIRED');
  assert.equal(answer.headers.upgrade, undefined);
});

test("a custom method over TLS's HTTP/1.1, which Node's parser refuses and svc parses", async () => {
  const socket = await tlsSocket(port, certificate.ca, ['http/1.1']);
  socket.write('FROB /api/things/knob HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
  const text = await readToClose(socket);
  assert.match(text, /^HTTP\/1\.1 200 OK\r\n/);
  assert.match(text, /\r\n\r\nfrobbed$/);
});

test('a custom method over HTTP/2', async () => {
  const answer = await h2Request(session, { ':method': 'FROB', ':path': '/api/things/knob' });
  assert.equal(answer.status, 200);
  assert.equal(answer.text, 'frobbed');
});

test('CONNECT is 400 over HTTP/2 as over HTTP/1.1 (svc tunnels nothing)', async () => {
  const answer = await h2Request(session, { ':method': 'CONNECT', ':authority': 'example.com:443' });
  assert.equal(answer.status, 400);
  assert.equal(typeOf(answer.text), 'urn:svc:error:SVC_ERR_BAD_PATH');
  const socket = await tlsSocket(port, certificate.ca);
  socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
  assert.match(await readToClose(socket), /^HTTP\/1\.1 400 Bad Request\r\n/);
});

test('HTTP/2 requests have request log lines like any other', async () => {
  const answer = await h2Request(session, { ':path': '/api/things/hello?secret=1' });
  const id = String(answer.headers['x-request-id']);
  const line = lines.find((text) => text.includes(`"id":"${id}"`));
  assert.ok(line, 'a log line with the request id');
  const entry = JSON.parse(line) as Record<string, unknown>;
  assert.deepEqual(
    { method: entry.method, path: entry.path, status: entry.status },
    { method: 'GET', path: '/api/things/hello', status: 200 },
  );
});

test('plain HTTP on the TLS port is refused with a closed connection, and the port still serves', async () => {
  const { connect } = await import('node:net');
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.end('GET /api/things/hello HTTP/1.1\r\nHost: x\r\n\r\n');
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  await once(socket, 'close');
  assert.doesNotMatch(text, /HTTP\/1\.1/);
  assert.equal((await h2Request(session, { ':path': '/api/things/hello' })).status, 200);
});

test('no warning from HTTP/2 compatibility (status messages, connection headers)', () => {
  assert.deepEqual(warnings, []);
  // The session stayed up through every test: nothing reset it.
  assert.equal(session.destroyed, false);
  assert.equal(constants.NGHTTP2_NO_ERROR, 0);
});
