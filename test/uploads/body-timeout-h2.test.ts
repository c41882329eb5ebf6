/**
 * The body timeout over HTTP/2, where many requests share one connection: the silence counted is
 * the stream's own. A stream that stops sending its body is answered 408 `SVC_ERR_BODY_TIMEOUT`
 * even while another stream of the same session keeps sending, and the session (with that other
 * stream) carries on; the connection is not closed for one stream's silence.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { ClientHttp2Session, ClientHttp2Stream } from 'node:http2';
import { after, before, it } from 'node:test';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { h2Session, makeCertificate, type Http2Headers } from '../tls/helpers.js';
import { ROOT } from './helpers.js';

const TIMEOUT_MS = 400;
const certificate = makeCertificate();
let app: SvcApp;
let session: ClientHttp2Session;

before(async () => {
  app = await createTestApp({
    root: ROOT,
    dev: false,
    log: () => {},
    bodyTimeoutMs: TIMEOUT_MS,
    tls: { key: certificate.keyFile, cert: certificate.certFile },
  });
  const { port } = await app.listen({ host: '127.0.0.1', port: 0 });
  session = await h2Session(`https://localhost:${port}`, certificate.ca);
});
after(async () => {
  session.close();
  await app.close();
  certificate.remove();
});

/** A streamed body's upload, headers sent, the body left open for the test to write. */
function upload(): ClientHttp2Stream {
  return session.request({
    ':method': 'POST',
    ':path': '/api/documents/streams',
    'content-type': 'application/octet-stream',
  });
}

async function answerOf(stream: ClientHttp2Stream): Promise<{ status: number; body: unknown }> {
  const [headers] = (await once(stream, 'response')) as [Http2Headers];
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { status: Number(headers[':status']), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
}

it(
  'a silent stream gets the 408 while a busy one on the same session goes on',
  { timeout: 60_000 },
  async () => {
    const silent = upload();
    silent.write(Buffer.alloc(300));
    const silentAnswer = answerOf(silent);
    const busy = upload();
    const busyAnswer = answerOf(busy);
    let sent = 0;
    const send = (): void => {
      busy.write(Buffer.alloc(100));
      sent += 100;
    };
    send();
    // The input: a chunk every quarter of the timeout on the other stream, until the silent one is answered.
    const pacer = setInterval(send, TIMEOUT_MS / 4);
    const timedOut = await silentAnswer.finally(() => clearInterval(pacer));
    assert.equal(timedOut.status, 408);
    assert.equal((timedOut.body as { type: string }).type, 'urn:svc:error:SVC_ERR_BODY_TIMEOUT');
    silent.close();
    send();
    busy.end();
    assert.deepEqual(await busyAnswer, { status: 200, body: { size: sent } });
  },
);
