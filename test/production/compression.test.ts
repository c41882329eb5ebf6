/**
 * Compression over a real socket: JSON and text of 1 KiB or more are gzip- or brotli-encoded as
 * Accept-Encoding prefers (q-values), decoded by a real client (fetch) and by node:zlib on the raw
 * bytes; smaller answers, octet-stream, SSE and requests without Accept-Encoding are sent as they are.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/production', import.meta.url));
const served = serveFixture(root);
const noCompression = serveFixture(root, { compression: false });

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as they came over the wire (node:http never decodes). */
function raw(base: string, path: string, acceptEncoding?: string, method = 'GET'): Promise<RawReply> {
  const url = new URL(path, base);
  const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const ITEMS = '/api/things/items?count=100';
const expectedItems = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `item number ${i}` }));

test('a real client (fetch) decodes the gzip and br JSON it asked for', async () => {
  for (const encoding of ['gzip', 'br']) {
    const response = await fetch(new URL(ITEMS, served.base), { headers: { 'accept-encoding': encoding } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-encoding'), encoding);
    assert.equal(response.headers.get('vary'), 'Origin, Accept-Encoding');
    assert.deepEqual(await response.json(), expectedItems);
  }
});

test('gzip and br decode with node:zlib to the exact JSON; Content-Length is the encoded size', async () => {
  const gzip = await raw(served.base, ITEMS, 'gzip');
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.equal(Number(gzip.headers['content-length']), gzip.body.length);
  assert.deepEqual(JSON.parse(gunzipSync(gzip.body).toString()), expectedItems);
  const br = await raw(served.base, ITEMS, 'br');
  assert.equal(br.headers['content-encoding'], 'br');
  assert.deepEqual(JSON.parse(brotliDecompressSync(br.body).toString()), expectedItems);
  assert.ok(br.body.length < JSON.stringify(expectedItems).length / 4);
});

test('q-values choose the encoding; q=0 refuses one; identity only when none is acceptable', async () => {
  const cases: [string, string | undefined][] = [
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.2, gzip;q=0.8', 'gzip'],
    ['br, gzip', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', undefined],
    ['gzip;q=0, br;q=0', undefined],
  ];
  for (const [accept, encoding] of cases) {
    const reply = await raw(served.base, ITEMS, accept);
    assert.equal(reply.headers['content-encoding'], encoding, accept);
    assert.equal(reply.headers.vary, 'Origin, Accept-Encoding', accept);
  }
});

test('text of 1 KiB is compressed; 1023 bytes is not', async () => {
  const big = await raw(served.base, '/api/things/text?size=1024', 'gzip');
  assert.equal(big.headers['content-encoding'], 'gzip');
  assert.equal(big.headers['content-type'], 'text/plain; charset=utf-8');
  assert.equal(gunzipSync(big.body).toString().length, 1024);
  const small = await raw(served.base, '/api/things/text?size=1023', 'gzip');
  assert.equal(small.headers['content-encoding'], undefined);
  assert.equal(small.headers.vary, 'Origin');
  assert.equal(small.body.length, 1023);
});

test('octet-stream, SSE and requests without Accept-Encoding are sent as they are', async () => {
  const bytes = await raw(served.base, '/api/things/bytes', 'gzip, br');
  assert.equal(bytes.headers['content-encoding'], undefined);
  assert.equal(bytes.body.length, 4096);
  const plain = await raw(served.base, ITEMS);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.deepEqual(JSON.parse(plain.body.toString()), expectedItems);
  const events = await fetch(new URL('/api/live/events', served.base), {
    headers: { 'accept-encoding': 'gzip, br' },
  });
  assert.equal(events.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  assert.equal(events.headers.get('content-encoding'), null);
  await events.body?.cancel();
});

test('HEAD gets the identity length and Vary, no body', async () => {
  const head = await raw(served.base, ITEMS, 'gzip', 'HEAD');
  assert.equal(head.headers['content-encoding'], undefined);
  assert.equal(Number(head.headers['content-length']), JSON.stringify(expectedItems).length);
  assert.equal(head.headers.vary, 'Origin, Accept-Encoding');
  assert.equal(head.body.length, 0);
});

test('compression: false sends every answer as it is, without Vary: Accept-Encoding', async () => {
  const reply = await raw(noCompression.base, ITEMS, 'gzip, br');
  assert.equal(reply.headers['content-encoding'], undefined);
  assert.equal(reply.headers.vary, 'Origin');
  assert.deepEqual(JSON.parse(reply.body.toString()), expectedItems);
});

test('a large answer (over 64 KiB, compressed off the event loop) decodes the same', async () => {
  const count = 3000;
  const reply = await raw(served.base, `/api/things/items?count=${count}`, 'gzip');
  assert.equal(reply.headers['content-encoding'], 'gzip');
  const items = JSON.parse(gunzipSync(reply.body).toString()) as unknown[];
  assert.equal(items.length, count);
  assert.deepEqual(items[count - 1], { id: count - 1, name: `item number ${count - 1}` });
});
