/**
 * A handler returning a web Blob or File, over a real socket: the type, the length, the file
 * name (never a way to add a header), a part by Range and a 304 by the ETag.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { viaSocket } from '../runtime/helpers.js';
import { serveFilesApp } from './files-app.js';

describe('Blob and File answers', () => {
  const served = serveFilesApp();
  const get = (url: string, headers?: Record<string, string>) =>
    viaSocket(served.base, { method: 'GET', url, ...(headers && { headers }) });

  it('sends a Blob with its type, its length, a weak ETag and Accept-Ranges', async () => {
    const reply = await get('/api/files/blob');
    assert.equal(reply.status, 200);
    assert.equal(reply.text, 'hello blob');
    assert.equal(reply.headers['content-type'], 'text/plain');
    assert.equal(reply.headers['content-length'], '10');
    assert.equal(reply.headers['accept-ranges'], 'bytes');
    assert.match(String(reply.headers.etag), /^W\/"a-[A-Za-z0-9_-]+"$/);
    assert.equal(reply.headers['content-disposition'], undefined);
    assert.equal(reply.headers['x-content-type-options'], 'nosniff');
  });

  it('sends a Blob without a type as application/octet-stream', async () => {
    const reply = await get('/api/files/untyped');
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['content-type'], 'application/octet-stream');
    assert.equal(reply.headers['content-length'], '3');
  });

  it("names a File's UTF-8 name percent-encoded in filename*, with an ASCII fallback", async () => {
    const reply = await get('/api/files/named/utf8');
    assert.equal(reply.status, 200);
    assert.equal(reply.text, 'named file');
    assert.equal(
      reply.headers['content-disposition'],
      `attachment; filename="r_sum_ 2026 _.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%202026%20%E2%9C%93.txt`,
    );
    assert.equal(reply.headers.etag, `W/"a-${Date.UTC(2026, 0, 2).toString(16)}"`);
  });

  it('keeps quotes, CR and LF of a name out of the header: no header is added', async () => {
    const reply = await get('/api/files/named/tricky');
    assert.equal(reply.status, 200);
    assert.equal(
      reply.headers['content-disposition'],
      `attachment; filename="a_b__Set-Cookie: x=1;.txt"; filename*=UTF-8''a%22b%0D%0ASet-Cookie%3A%20x%3D1%3B.txt`,
    );
    assert.equal(reply.headers['set-cookie'], undefined);
  });

  it('answers a Range of a Blob with 206 and Content-Range, past its end with 416', async () => {
    const part = await get('/api/files/blob', { range: 'bytes=6-' });
    assert.equal(part.status, 206);
    assert.equal(part.text, 'blob');
    assert.equal(part.headers['content-range'], 'bytes 6-9/10');
    assert.equal(part.headers['content-length'], '4');
    const past = await get('/api/files/blob', { range: 'bytes=10-' });
    assert.equal(past.status, 416);
    assert.equal(past.headers['content-range'], 'bytes */10');
    assert.equal(past.headers['content-type'], 'application/problem+json');
    assert.equal(JSON.parse(past.text).type, 'urn:svc:error:SVC_ERR_RANGE_NOT_SATISFIABLE');
  });

  it('answers 304 when If-None-Match names the ETag, with the ETag and no body', async () => {
    const first = await get('/api/files/blob');
    const again = await get('/api/files/blob', { 'if-none-match': String(first.headers.etag) });
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
    assert.equal(again.headers.etag, first.headers.etag);
    assert.equal(again.headers['content-type'], undefined);
    const other = await get('/api/files/blob', { 'if-none-match': 'W/"a-other"' });
    assert.equal(other.status, 200);
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const reply = await viaSocket(served.base, { method: 'HEAD', url: '/api/files/named/utf8' });
    assert.equal(reply.status, 200);
    assert.equal(reply.text, '');
    assert.equal(reply.headers['content-length'], '10');
    assert.equal(reply.headers['content-type'], 'text/plain');
  });
});
