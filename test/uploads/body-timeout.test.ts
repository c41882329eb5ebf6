/**
 * The body timeout (`bodyTimeoutMs`) over raw sockets: a client that sends the head and part of a
 * body, then nothing, is answered 408 `SVC_ERR_BODY_TIMEOUT` once the (test-sized) timeout passes,
 * for every kind of body a route reads; the connection is closed, no temporary file is left and the
 * app goes on serving. Without it the request would be held until Node's request timeout, five
 * minutes, checked every 30 s: the old code fails these by the test's timeout. A body whose
 * pauses are each shorter than the timeout is read whole, however long it takes in all.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { watch } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { createTestApp } from '../../src/testing/index.js';
import { serveFixture } from '../support/served-fixture.js';
import { rawExchange, serveTransfers, type RawExchange } from '../downloads/transfers-app.js';
import { BOUNDARY, entries, freshTempDir, multipart, ROOT } from './helpers.js';

const TIMEOUT_MS = 400;
/** Far below Node's five minutes: the old code, which never answers sooner, fails by it. */
const TEST_TIMEOUT = { timeout: 60_000 };

const tempDir = freshTempDir();
const uploads = serveFixture(ROOT, {
  bodyTimeoutMs: TIMEOUT_MS,
  uploads: { tempDir, memoryThreshold: 1024 },
});
const transfers = serveTransfers({ bodyTimeoutMs: TIMEOUT_MS });

/** A request head announcing `length` bytes of body, followed by `sent` (less than that). */
function cutShort(method: string, path: string, type: string, length: number, sent: Buffer | string): Buffer {
  const head = `${method} /api${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from(sent)]);
}

/** The 408 of the body timeout, as the client reads it; the server closed the connection after it. */
function assertTimedOut(reply: RawExchange): void {
  assert.equal(reply.status, 408, reply.text);
  assert.equal(reply.headers['content-type'], 'application/problem+json');
  assert.equal(reply.headers.connection, 'close');
  assert.deepEqual(JSON.parse(reply.body), {
    type: 'urn:svc:error:SVC_ERR_BODY_TIMEOUT',
    title: 'Request Timeout',
    status: 408,
    detail: `The request body stopped arriving: nothing came for ${TIMEOUT_MS} ms.`,
    instance: reply.headers['x-request-id'],
  });
}

async function stillServes(base: string, path: string): Promise<void> {
  assert.equal((await fetch(`${base}/api${path}`)).status, 200);
}

describe('a body that stops arriving', () => {
  it('multipart: 408, the file written so far removed before the answer', TEST_TIMEOUT, async () => {
    const created = new Set<string>();
    const watcher = watch(tempDir, (_event, name) => name && created.add(name));
    const body = multipart([
      { name: 'title', value: 'T' },
      { name: 'file', value: randomBytes(60 * 1024), filename: 'f.bin' },
    ]);
    const type = `multipart/form-data; boundary=${BOUNDARY}`;
    const reply = await rawExchange(uploads.base, [
      cutShort('POST', '/documents', type, body.length, body.subarray(0, 30 * 1024)),
    ]);
    watcher.close();
    assertTimedOut(reply);
    assert.equal(created.size, 1, 'the upload had gone to a temporary file');
    assert.deepEqual(entries(tempDir), []);
    await stillServes(uploads.base, '/documents');
  });

  it('a form: 408', TEST_TIMEOUT, async () => {
    const reply = await rawExchange(uploads.base, [
      cutShort('POST', '/documents/notes', 'application/x-www-form-urlencoded', 100, 'title=a&count=1'),
    ]);
    assertTimedOut(reply);
    await stillServes(uploads.base, '/documents');
  });

  it('raw bytes: 408', TEST_TIMEOUT, async () => {
    const reply = await rawExchange(uploads.base, [
      cutShort('PUT', '/documents/1/content', 'text/plain', 100, 'half of it'),
    ]);
    assertTimedOut(reply);
    await stillServes(uploads.base, '/documents');
  });

  it('a streamed body: the handler read fails with the 408, which is the answer', TEST_TIMEOUT, async () => {
    for (const path of ['/documents/streams', '/documents/node-streams']) {
      const reply = await rawExchange(uploads.base, [
        cutShort('POST', path, 'application/octet-stream', 1000, randomBytes(300)),
      ]);
      assertTimedOut(reply);
    }
    await stillServes(uploads.base, '/documents');
  });

  it('a chunked body that stops between chunks: 408', TEST_TIMEOUT, async () => {
    const head =
      'POST /api/documents/streams HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n';
    const reply = await rawExchange(uploads.base, [head, '5\r\nhello\r\n']);
    assertTimedOut(reply);
  });

  it(
    'a body that keeps coming, a chunk every quarter of the timeout, is read whole',
    TEST_TIMEOUT,
    async () => {
      const piece = 'abcdefgh';
      const count = 12; // three timeouts in all: only the pauses are bounded
      const req = request(`${uploads.base}/api/documents/1/content`, {
        method: 'PUT',
        headers: { 'content-type': 'text/plain', 'content-length': String(piece.length * count) },
      });
      const answered = once(req, 'response') as Promise<[IncomingMessage]>;
      // The input: the client's own pace, one piece every quarter of the timeout.
      await new Promise<void>((resolve) => {
        let sent = 0;
        const pacer = setInterval(() => {
          req.write(piece);
          if (++sent < count) return;
          clearInterval(pacer);
          resolve();
        }, TIMEOUT_MS / 4);
      });
      req.end();
      const [res] = await answered;
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(JSON.parse(Buffer.concat(chunks).toString('utf8')), {
        id: 1,
        size: piece.length * count,
        text: piece.repeat(count),
      });
    },
  );

  it('JSON: 408', TEST_TIMEOUT, async () => {
    const reply = await rawExchange(transfers.base, [
      cutShort('POST', '/transfers/greetings', 'application/json', 100, '{"name":'),
    ]);
    assertTimedOut(reply);
    assert.deepEqual(transfers.logs, [], 'a client error, not logged as a failure');
    await stillServes(transfers.base, '/transfers/blob');
  });
});

it('bodyTimeoutMs must be false or an integer from 0 to 2147483647', async () => {
  await assert.rejects(
    createTestApp({ root: ROOT, log: () => {}, bodyTimeoutMs: -1 }),
    /createApp option 'bodyTimeoutMs' must be false, or an integer from 0 to 2147483647 \(0: no limit\) \(got -1\) \[SVC_ERR_INVALID_OPTION\]/,
  );
});
