/**
 * `sendFile(path)` over a real socket: the file streamed with its type, length and validators; a
 * missing file a 404 that never names the path; single ranges (206, 416, several answered whole);
 * 304 on If-None-Match and If-Modified-Since; If-Range; HEAD.
 */
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { viaSocket, type Reply } from '../runtime/helpers.js';
import { ALPHABET, FILES_ROOT, serveFilesApp } from './files-app.js';

const modified = statSync(join(FILES_ROOT, 'data', 'alphabet.txt')).mtime;

describe('sendFile answers', () => {
  const served = serveFilesApp();
  const get = (headers?: Record<string, string>, url = '/api/files/alphabet'): Promise<Reply> =>
    viaSocket(served.base, { method: 'GET', url, ...(headers && { headers }) });

  it('streams the file with its type by extension, length, weak ETag, Last-Modified and Accept-Ranges', async () => {
    const reply = await get();
    assert.equal(reply.status, 200);
    assert.equal(reply.text, ALPHABET);
    assert.equal(reply.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(reply.headers['content-length'], '26');
    assert.equal(reply.headers['accept-ranges'], 'bytes');
    assert.equal(reply.headers['last-modified'], modified.toUTCString());
    assert.equal(reply.headers.etag, `W/"1a-${Math.floor(modified.getTime()).toString(16)}"`);
    assert.equal(reply.headers['content-disposition'], undefined);
  });

  it('offers the file for download under the name given', async () => {
    const reply = await get(undefined, '/api/files/alphabet-download');
    assert.equal(reply.status, 200);
    assert.equal(
      reply.headers['content-disposition'],
      `attachment; filename="letters.txt"; filename*=UTF-8''letters.txt`,
    );
  });

  it('answers a missing file 404 problem+json, naming neither the path nor the file', async () => {
    const reply = await get(undefined, '/api/files/missing');
    assert.equal(reply.status, 404);
    assert.equal(reply.headers['content-type'], 'application/problem+json');
    const problem = JSON.parse(reply.text) as Record<string, unknown>;
    assert.deepEqual(Object.keys(problem).sort(), ['detail', 'instance', 'status', 'title', 'type']);
    assert.equal(problem.type, 'urn:svc:error:SVC_ERR_FILE_NOT_FOUND');
    assert.equal(problem.status, 404);
    assert.ok(!reply.text.includes('secret-missing') && !reply.text.includes('data'), reply.text);
  });

  it('answers a type Node refuses as a header 500 with no X-Evil header, and keeps serving', async () => {
    const reply = await get(undefined, '/api/files/bad-type');
    assert.equal(reply.status, 500);
    assert.equal(reply.headers['x-evil'], undefined);
    assert.equal(JSON.parse(reply.text).type, 'urn:svc:error:SVC_ERR_INTERNAL');
    assert.equal((await get()).status, 200);
  });

  it('serves bytes=a-b, a- and -n as 206 parts with Content-Range', async () => {
    const cases: [string, string, string][] = [
      ['bytes=0-4', 'abcde', 'bytes 0-4/26'],
      ['bytes=20-', 'uvwxyz', 'bytes 20-25/26'],
      ['bytes=-3', 'xyz', 'bytes 23-25/26'],
      ['bytes=24-99', 'yz', 'bytes 24-25/26'],
    ];
    for (const [range, text, contentRange] of cases) {
      const reply = await get({ range });
      assert.deepEqual(
        [reply.status, reply.text, reply.headers['content-range'], reply.headers['content-length']],
        [206, text, contentRange, String(text.length)],
        range,
      );
    }
  });

  it('answers a range past the end 416 with Content-Range: bytes */size', async () => {
    for (const range of ['bytes=26-', 'bytes=-0']) {
      const reply = await get({ range });
      assert.equal(reply.status, 416, range);
      assert.equal(reply.headers['content-range'], 'bytes */26');
      assert.equal(JSON.parse(reply.text).type, 'urn:svc:error:SVC_ERR_RANGE_NOT_SATISFIABLE');
    }
  });

  it('answers several ranges, another unit or an unreadable range with the whole file', async () => {
    for (const range of ['bytes=0-1,4-5', 'items=0-1', 'bytes=5-2', 'bytes=x']) {
      const reply = await get({ range });
      assert.deepEqual([reply.status, reply.text], [200, ALPHABET], range);
    }
  });

  it('answers 304 to If-None-Match with its ETag, and to If-Modified-Since not before it', async () => {
    const first = await get();
    const etag = String(first.headers.etag);
    const conditions: Record<string, string>[] = [
      { 'if-none-match': etag },
      { 'if-none-match': `"other", ${etag.slice(2)}` },
      { 'if-modified-since': modified.toUTCString() },
    ];
    for (const headers of conditions) {
      const reply = await get(headers);
      assert.deepEqual(
        [reply.status, reply.text, reply.headers.etag],
        [304, '', etag],
        JSON.stringify(headers),
      );
      assert.equal(reply.headers['last-modified'], modified.toUTCString());
    }
    const older = new Date(modified.getTime() - 60_000).toUTCString();
    assert.equal((await get({ 'if-modified-since': older })).status, 200);
    // If-None-Match decides alone when sent.
    assert.equal(
      (await get({ 'if-none-match': '"x"', 'if-modified-since': modified.toUTCString() })).status,
      200,
    );
  });

  it('serves a part under If-Range only while the date matches; a weak ETag never does', async () => {
    const etag = String((await get()).headers.etag);
    const same = await get({ range: 'bytes=0-0', 'if-range': modified.toUTCString() });
    assert.deepEqual([same.status, same.text], [206, 'a']);
    const older = new Date(modified.getTime() - 60_000).toUTCString();
    const changed = await get({ range: 'bytes=0-0', 'if-range': older });
    assert.deepEqual([changed.status, changed.text], [200, ALPHABET]);
    const tagged = await get({ range: 'bytes=0-0', 'if-range': etag });
    assert.deepEqual([tagged.status, tagged.text], [200, ALPHABET]);
  });

  it('answers HEAD with the headers of the GET and no body (a Range is for GET only)', async () => {
    const reply = await viaSocket(served.base, {
      method: 'HEAD',
      url: '/api/files/alphabet',
      headers: { range: 'bytes=0-4' },
    });
    assert.equal(reply.status, 200);
    assert.equal(reply.text, '');
    assert.equal(reply.headers['content-length'], '26');
    assert.equal(reply.headers['content-type'], 'text/plain; charset=utf-8');
  });
});
