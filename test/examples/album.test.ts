/**
 * examples/album served on a real port, over real sockets: uploads with metadata (201, the stored
 * metadata exactly), the listing and its filters, downloads whole, in part (206, 416) and
 * conditionally (304), deletion, and refused uploads (415, 413, 400) that leave nothing behind in
 * svc's temporary folder nor in the album's storage folder.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../../src/entries/openapi.js';
import { serveFixture } from '../support/served-fixture.js';
import { multipart, MULTIPART_TYPE, type Part } from '../uploads/helpers.js';

const ROOT = fileURLToPath(new URL('../../examples/album/', import.meta.url));
const storage = mkdtempSync(join(tmpdir(), 'svc-album-test-'));
const uploadsTemp = mkdtempSync(join(tmpdir(), 'svc-album-uploads-'));
process.env.ALBUM_DIR = storage;
const served = serveFixture(ROOT, { uploads: { tempDir: uploadsTemp } });
after(() => {
  rmSync(storage, { recursive: true, force: true });
  rmSync(uploadsTemp, { recursive: true, force: true });
});

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');
const sunset = Buffer.concat([PNG_SIGNATURE, randomBytes(1992)]);
const paris = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), randomBytes(300 * 1024)]);

const api = (path: string, init?: RequestInit) => fetch(`${served.base}/api${path}`, init);
const files = (dir: string) => readdirSync(dir).sort();

function form(fields: Record<string, string | string[]>, file?: File): FormData {
  const body = new FormData();
  if (file) body.append('file', file);
  for (const [name, value] of Object.entries(fields))
    for (const item of [value].flat()) body.append(name, item);
  return body;
}

interface RawAnswer {
  status: number;
  head: string;
  body: Record<string, unknown>;
}

/**
 * POSTs `body` in 64 KiB writes, each after the last drained, and stops writing once the answer
 * starts: a refusal that closes the connection mid-upload is read, not lost to a reset.
 */
function rawPost(path: string, body: Buffer): Promise<RawAnswer> {
  const socket = connect(Number(new URL(served.base).port), '127.0.0.1');
  const chunks: Buffer[] = [];
  let answered = false;
  socket.on('data', (chunk: Buffer) => {
    answered = true;
    chunks.push(chunk);
  });
  const writeAll = async () => {
    socket.write(
      `POST /api${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n` +
        `Content-Type: ${MULTIPART_TYPE}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    for (let at = 0; at < body.length && !answered && !socket.destroyed; at += 65536)
      if (!socket.write(body.subarray(at, at + 65536)))
        await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
  };
  return new Promise((resolve, reject) => {
    socket.on('error', (error) => (answered ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = text.slice(0, split);
      resolve({ status: Number(head.split(' ')[1]), head, body: JSON.parse(text.slice(split + 4)) });
    });
    socket.once('connect', () => void writeAll());
  });
}

const SUNSET = {
  id: 1,
  title: 'Sunset',
  tags: ['beach', 'evening'],
  taken: '2026-07-14T20:45:00.000Z',
  albumId: 1,
  name: 'sunset.png',
  type: 'image/png',
  size: sunset.length,
};
const PARIS = {
  id: 2,
  title: 'Été à Paris',
  tags: ['city'],
  albumId: 2,
  name: 'été à Paris.jpg',
  type: 'image/jpeg',
  size: paris.length,
};

describe('examples/album over real sockets', () => {
  it('stores an upload with its metadata: 201 with exactly the stored photo', async () => {
    const first = await api('/photos', {
      method: 'POST',
      body: form(
        { title: 'Sunset', tags: ['beach', 'evening'], taken: '2026-07-14T20:45:00Z', albumId: '1' },
        new File([sunset], 'sunset.png', { type: 'image/png' }),
      ),
    });
    assert.equal(first.status, 201);
    assert.deepEqual(await first.json(), SUNSET);
    // One tag, no date; a 300 KiB file (over svc's memory threshold, so it went through a temporary file).
    const second = await api('/photos', {
      method: 'POST',
      body: form(
        { title: 'Été à Paris', tags: 'city', albumId: '2' },
        new File([paris], 'été à Paris.jpg', { type: 'image/jpeg' }),
      ),
    });
    assert.equal(second.status, 201);
    assert.deepEqual(await second.json(), PARIS);
    assert.deepEqual(files(storage), ['1', '2']);
    assert.deepEqual(files(uploadsTemp), []);
  });

  it('lists every photo, by tag and by album, and answers 404 for an unknown id', async () => {
    assert.deepEqual(await (await api('/photos')).json(), [SUNSET, PARIS]);
    assert.deepEqual(await (await api('/photos?tag=beach')).json(), [SUNSET]);
    assert.deepEqual(await (await api('/photos?albumId=2')).json(), [PARIS]);
    assert.deepEqual(await (await api('/photos?tag=city&albumId=1')).json(), []);
    assert.deepEqual(await (await api('/photos/2')).json(), PARIS);
    const missing = await api('/photos/99');
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('content-type'), 'application/problem+json');
    assert.deepEqual(await missing.json(), {
      instance: missing.headers.get('x-request-id'),
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'photo 99 not found',
    });
  });

  it('downloads the bytes with their type and name, in part (206, 416) and conditionally (304)', async () => {
    const whole = await api('/photos/2/file');
    assert.equal(whole.status, 200);
    assert.deepEqual(Buffer.from(await whole.arrayBuffer()), paris);
    assert.equal(whole.headers.get('content-type'), 'image/jpeg');
    assert.equal(whole.headers.get('content-length'), String(paris.length));
    assert.equal(
      whole.headers.get('content-disposition'),
      `attachment; filename="_t_ _ Paris.jpg"; filename*=UTF-8''%C3%A9t%C3%A9%20%C3%A0%20Paris.jpg`,
    );
    const etag = whole.headers.get('etag');
    assert.match(etag ?? '', /^W\/"/);

    const part = await api('/photos/2/file', { headers: { range: 'bytes=0-9' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 0-9/${paris.length}`);
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), paris.subarray(0, 10));

    const past = await api('/photos/2/file', { headers: { range: `bytes=${paris.length}-` } });
    assert.equal(past.status, 416);
    assert.equal(past.headers.get('content-range'), `bytes */${paris.length}`);
    assert.equal(
      ((await past.json()) as { type: string }).type,
      'urn:svc:error:SVC_ERR_RANGE_NOT_SATISFIABLE',
    );

    const same = await api('/photos/2/file', { headers: { 'if-none-match': etag! } });
    assert.equal(same.status, 304);
    assert.equal(same.headers.get('etag'), etag);
    assert.equal(await same.text(), '');

    assert.equal((await api('/photos/99/file')).status, 404);
  });

  it('documents the download as PNG or JPEG, the types the wire sends', () => {
    const paths = buildOpenApiDocument(served.app.model).paths as unknown as Record<
      string,
      { get: { responses: Record<string, { content?: Record<string, unknown> }> } }
    >;
    const download = Object.keys(paths).filter((path) => path.endsWith('/photos/{id}/file'));
    assert.equal(download.length, 1);
    const content = paths[download[0]!]!.get.responses['200']!.content ?? {};
    assert.deepEqual(Object.keys(content), ['image/png', 'image/jpeg']);
  });

  it('refuses a file of another type (415), too large (413) or missing (400), leaving nothing behind', async () => {
    const meta: Part[] = [
      { name: 'title', value: 'Refused' },
      { name: 'albumId', value: '1' },
    ];
    const gif: Part = { name: 'file', value: Buffer.from('GIF89a'), filename: 'a.gif', type: 'image/gif' };
    const huge: Part = {
      name: 'file',
      value: Buffer.concat([PNG_SIGNATURE, randomBytes(5 * 1024 * 1024)]),
      filename: 'huge.png',
      type: 'image/png',
    };
    const problem = (status: number, code: string, title: string, detail: string, errors?: unknown) => ({
      type: `urn:svc:error:${code}`,
      title,
      status,
      detail,
      ...(errors === undefined ? {} : { errors }),
    });
    const cases: [Part[], Record<string, unknown>][] = [
      [
        [...meta, gif],
        problem(
          415,
          'SVC_ERR_UNSUPPORTED_MEDIA_TYPE',
          'Unsupported Media Type',
          "Expected field 'file' of type image/png, image/jpeg, got 'image/gif'.",
        ),
      ],
      [
        [...meta, huge],
        problem(
          413,
          'SVC_ERR_FILE_TOO_LARGE',
          'Content Too Large',
          "The file in field 'file' is larger than its limit of 5242880 bytes.",
          [{ in: 'body', name: '/file', message: 'must be at most 5242880 bytes' }],
        ),
      ],
      [
        meta,
        problem(400, 'SVC_ERR_VALIDATION', 'Bad Request', "Invalid request: body '/file'.", [
          { in: 'body', name: '/file', message: 'is required' },
        ]),
      ],
    ];
    for (const [parts, expected] of cases) {
      const answer = await rawPost('/photos', multipart(parts));
      assert.equal(answer.status, expected.status);
      assert.match(answer.head, /content-type: application\/problem\+json/i);
      const { instance, ...body } = answer.body;
      assert.equal(typeof instance, 'string');
      assert.deepEqual(body, expected);
      assert.deepEqual(files(uploadsTemp), [], `${expected.type}: no temporary file is left`);
      assert.deepEqual(files(storage), ['1', '2'], `${expected.type}: nothing is stored`);
    }
    assert.deepEqual(await (await api('/photos')).json(), [SUNSET, PARIS], 'the app serves on');
  });

  it('deletes a photo and its file: 204, then 404', async () => {
    const removed = await api('/photos/1', { method: 'DELETE' });
    assert.equal(removed.status, 204);
    assert.deepEqual(files(storage), ['2']);
    assert.deepEqual(await (await api('/photos')).json(), [PARIS]);
    assert.equal((await api('/photos/1')).status, 404);
    assert.equal((await api('/photos/1/file')).status, 404);
    assert.equal((await api('/photos/1', { method: 'DELETE' })).status, 404);
  });
});
