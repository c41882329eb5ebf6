/**
 * HTML forms (urlencoded, bound like query values), raw bytes and streamed bodies over a real
 * socket: what each accepts, the 415 for what it does not, and the body limit while streaming.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { describe, it } from 'node:test';
import { serveFixture } from '../support/served-fixture.js';
import { ROOT } from './helpers.js';

const served = serveFixture(ROOT, { bodyLimit: 64 * 1024 });

async function call(method: string, path: string, type: string | undefined, body: string | Buffer) {
  const headers: Record<string, string> = type === undefined ? {} : { 'content-type': type };
  const response = await fetch(`${served.base}/api${path}`, { method, headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('HTML forms', () => {
  it('a urlencoded body is bound like query values', async () => {
    const answer = await call(
      'POST',
      '/documents/notes',
      'application/x-www-form-urlencoded',
      'title=Hi+there&count=3&tags=a&tags=b',
    );
    assert.deepEqual(answer, { status: 200, body: { title: 'Hi there', count: 3, tags: ['a', 'b'] } });
  });

  it('JSON is still accepted where @accepts lists it', async () => {
    const answer = await call('POST', '/documents/notes', 'application/json', '{"title":"J","count":1}');
    assert.deepEqual(answer, { status: 200, body: { title: 'J', count: 1 } });
  });

  it('a wrong or missing form value is a 400 naming it by pointer', async () => {
    const answer = await call('POST', '/documents/notes', 'application/x-www-form-urlencoded', 'count=many');
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body.errors, [
      { in: 'body', name: '/title', message: 'is required' },
      { in: 'body', name: '/count', message: 'must be a number' },
    ]);
  });

  it('a media type it does not accept: 415', async () => {
    const answer = await call('POST', '/documents/notes', 'text/plain', 'title=x');
    assert.equal(answer.status, 415);
    assert.equal(answer.body.type, 'urn:svc:error:SVC_ERR_UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('raw bodies', () => {
  it('Uint8Array: the bytes as sent, in a media type @accepts lists', async () => {
    const answer = await call('PUT', '/documents/7/content', 'text/plain', 'héllo');
    assert.deepEqual(answer, { status: 200, body: { id: 7, size: 6, text: 'héllo' } });
  });

  it('Uint8Array: a media type @accepts does not list is 415', async () => {
    const answer = await call('PUT', '/documents/7/content', 'image/png', 'x');
    assert.equal(answer.status, 415);
    assert.equal(answer.body.type, 'urn:svc:error:SVC_ERR_UNSUPPORTED_MEDIA_TYPE');
  });

  it('Uint8Array: over bodyLimit is 413', async () => {
    const answer = await call('PUT', '/documents/7/content', 'text/plain', Buffer.alloc(65 * 1024, 97));
    assert.equal(answer.status, 413);
    assert.equal(answer.body.type, 'urn:svc:error:SVC_ERR_BODY_TOO_LARGE');
  });

  for (const path of ['/documents/streams', '/documents/node-streams']) {
    it(`${path}: the handler reads the stream to its end`, async () => {
      const answer = await call('POST', path, 'application/octet-stream', Buffer.alloc(50_000, 1));
      assert.deepEqual(answer, { status: 200, body: { size: 50_000 } });
    });

    it(`${path}: a chunked body past bodyLimit fails the read with 413 while it streams`, async () => {
      const { port } = new URL(served.base);
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ port, host: '127.0.0.1', method: 'POST', path: `/api${path}` }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        // No Content-Length: the limit can only be enforced as the bytes arrive.
        for (let i = 0; i < 10; i++) req.write(Buffer.alloc(16 * 1024, 1));
        req.end();
      });
      assert.equal(status, 413);
      assert.equal((await fetch(`${served.base}/api/documents`)).status, 200);
    });
  }
});
