import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { after, describe, it } from 'node:test';
import { installCustomMethodSupport } from '../../src/runtime/http/custom-methods/index.js';
import { listen, stopServer } from '../streams/helpers.js';
import { parseResponses, rawExchange, rawRequest } from './raw-client.js';
import { ServerSockets } from './server-sockets.js';

/**
 * Stands in for the runtime's request handler: echoes what it was given. A request whose
 * connection closed before its body arrived is aborted (the read rejects), as on Node's path.
 */
async function echo(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let body = '';
  try {
    for await (const chunk of req) body += String(chunk);
  } catch {
    return;
  }
  if (req.url === '/slow') await new Promise((resolve) => setTimeout(resolve, 30));
  const text = `${req.method} ${req.url} host=${req.headers.host ?? ''} body=${body}`;
  res.writeHead(200, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'x-seen-method': req.method ?? '',
  });
  res.end(text);
}

describe('custom methods over a raw socket', async () => {
  const server = http.createServer((req, res) => void echo(req, res));
  installCustomMethodSupport(server, (req, res) => void echo(req, res), {
    methods: ['CUSTOM', 'BREWX'],
    bodyLimit: 64,
    maxHeaderBytes: 512,
    timeoutMs: 100,
  });
  const serverSockets = new ServerSockets(server);
  const port = await listen(server);
  after(() => stopServer(server));

  it('serves a declared method without a body, then closes', async () => {
    const res = await rawRequest(port, ['CUSTOM /tools/special HTTP/1.1\r\nHost: a\r\n\r\n']);
    assert.equal(res.status, 200);
    assert.equal(res.headers['connection'], 'close');
    assert.equal(res.headers['x-seen-method'], 'CUSTOM');
    assert.equal(res.body, 'CUSTOM /tools/special host=a body=');
  });

  it('serves a declared method with a Content-Length body', async () => {
    const res = await rawRequest(port, [
      'CUSTOM /x?q=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\nhello world',
    ]);
    assert.equal(res.status, 200);
    assert.equal(res.body, 'CUSTOM /x?q=1 host=a body=hello world');
  });

  it('reassembles a request split across packets', async () => {
    const res = await rawRequest(
      port,
      ['CUS', 'TOM /split HTTP/1.1\r\nHo', 'st: b\r\nContent-Length: 5\r\n\r\nab', 'cde'],
      serverSockets,
    );
    assert.equal(res.body, 'CUSTOM /split host=b body=abcde');
  });

  it('sends 100 Continue when the client expects it, then reads the body', async () => {
    const raw = await rawExchange(
      port,
      ['CUSTOM /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n', 'ok'],
      serverSockets,
    );
    assert.ok(raw.startsWith('HTTP/1.1 100 Continue\r\n\r\n'), raw);
    const [res] = parseResponses(raw.slice('HTTP/1.1 100 Continue\r\n\r\n'.length));
    assert.equal(res?.body, 'CUSTOM /x host=a body=ok');
  });

  it('answers pipelined requests in order: the known one first, then the custom one', async () => {
    const raw = await rawExchange(port, [
      'GET /slow HTTP/1.1\r\nHost: a\r\n\r\nCUSTOM /after HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhi',
    ]);
    const [first, second] = parseResponses(raw);
    assert.equal(first?.body, 'GET /slow host=a body=');
    assert.equal(second?.body, 'CUSTOM /after host=a body=hi');
    assert.equal(second?.headers['connection'], 'close');
  });

  it('answers 501 with a problem for a method nobody declared', async () => {
    const res = await rawRequest(port, ['BREW /pot HTTP/1.1\r\nHost: a\r\n\r\n']);
    assert.equal(res.status, 501);
    assert.equal(res.headers['content-type'], 'application/problem+json');
    assert.equal(res.headers['connection'], 'close');
    assert.deepEqual(JSON.parse(res.body), {
      type: 'urn:svc:error:SVC_ERR_NOT_IMPLEMENTED',
      title: 'Not Implemented',
      status: 501,
      detail: 'The method BREW is not implemented by this server.',
    });
  });

  it('answers 400 for a malformed request line', async () => {
    const res = await rawRequest(port, ['CUSTOM /x\r\nHost: a\r\n\r\n']);
    assert.equal(res.status, 400);
    assert.equal(JSON.parse(res.body).type, 'urn:svc:error:SVC_ERR_BAD_REQUEST');
  });

  it('answers 400 for an HTTP/1.1 request without Host', async () => {
    assert.equal((await rawRequest(port, ['CUSTOM /x HTTP/1.1\r\n\r\n'])).status, 400);
  });

  it('refuses a chunked body with 411', async () => {
    const res = await rawRequest(port, [
      'CUSTOM /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n',
    ]);
    assert.equal(res.status, 411);
    assert.equal(JSON.parse(res.body).type, 'urn:svc:error:SVC_ERR_LENGTH_REQUIRED');
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await rawRequest(port, ['CUSTOM /x HTTP/1.1\r\nHost: a\r\nContent-Length: 65\r\n\r\n']);
    assert.equal(res.status, 413);
  });

  it('refuses conflicting Content-Length headers with 400', async () => {
    const res = await rawRequest(port, [
      'CUSTOM /x HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
    ]);
    assert.equal(res.status, 400);
  });

  it('refuses a head over the limit with 431', async () => {
    const res = await rawRequest(port, [
      `CUSTOM /x HTTP/1.1\r\nHost: a\r\nX-Big: ${'y'.repeat(600)}\r\n\r\n`,
    ]);
    assert.equal(res.status, 431);
  });

  it('answers 408 and closes when the request never completes', async () => {
    const res = await rawRequest(port, ['CUSTOM /x HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nabc']);
    assert.equal(res.status, 408);
    assert.equal(JSON.parse(res.body).type, 'urn:svc:error:SVC_ERR_REQUEST_TIMEOUT');
  });

  it('keeps known methods on the normal path, keep-alive included', async () => {
    const raw = await rawExchange(
      port,
      ['GET /a HTTP/1.1\r\nHost: a\r\n\r\n', 'GET /b HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n'],
      serverSockets,
    );
    assert.deepEqual(
      parseResponses(raw).map((res) => res.body),
      ['GET /a host=a body=', 'GET /b host=a body='],
    );
  });

  it("keeps Node's answer for other client errors", async () => {
    const res = await rawRequest(port, ['GET / HTTP/1.1\r\nBad Header\r\n\r\n']);
    assert.equal(res.status, 400);
    assert.equal(res.headers['connection'], 'close');
    assert.equal(res.body, '');
  });
});

/** Answers the body's length and SHA-256, reading it as it streams in. */
async function digest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const hash = createHash('sha256');
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    hash.update(chunk);
    length += chunk.length;
  }
  res.end(`${length} ${hash.digest('hex')}`);
}

describe('a custom-method body arriving in many small reads', async () => {
  const server = http.createServer((_req, res) => res.end());
  installCustomMethodSupport(server, (req, res) => void digest(req, res), {
    methods: ['CUSTOM'],
    bodyLimit: 64 * 1024 * 1024,
    // No time limit of the request's own: the test timeout below is the only one.
    timeoutMs: 3_600_000,
  });
  const serverSockets = new ServerSockets(server);
  const port = await listen(server);
  after(() => stopServer(server));

  // 16 MiB in large writes, then 1 MiB in 128-byte writes, each read on its own. Buffering that
  // copied the whole body so far on every read made 8,192 copies of 16 MiB or more (measured: a
  // tenth of a second or more each, over 20 minutes in all); pushing each read into the request
  // costs that read's length (about a second in all). The timeout only stops such a regression.
  it('arrives intact, at a cost linear in its length', { timeout: 120_000 }, async () => {
    const bulk = Buffer.alloc(16 * 1024 * 1024, 'svc body ');
    const tail = Buffer.alloc(1024 * 1024, 'tail 128 ');
    const pieces = Array.from({ length: tail.length / 128 }, (_, i) => tail.subarray(i * 128, (i + 1) * 128));
    const length = bulk.length + tail.length;
    const head = `CUSTOM /upload HTTP/1.1\r\nHost: a\r\nContent-Length: ${length}\r\n\r\n`;
    const raw = await rawExchange(port, [head, bulk, ...pieces], serverSockets);
    const expected = createHash('sha256').update(bulk).update(tail).digest('hex');
    const [res] = parseResponses(raw);
    assert.equal(res?.status, 200);
    assert.equal(res?.body, `${length} ${expected}`);
  });
});
