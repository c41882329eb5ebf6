/**
 * Multipart bodies over a real socket: typed fields coerced like query values, files handed over
 * as web-standard `File`s (in memory or from a temporary file), and every temporary file removed.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { serveFixture } from '../support/served-fixture.js';
import { emptied, entries, freshTempDir, multipart, MULTIPART_TYPE, ROOT } from './helpers.js';

const tempDir = freshTempDir();
const served = serveFixture(ROOT, { uploads: { tempDir, memoryThreshold: 1024 } });

/** A JSON answer: a stored document, or a problem with its `errors`. */
interface Answer {
  [key: string]: unknown;
  type?: string;
  errors?: { in: string; name: string; message: string }[];
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

async function post(path: string, body: Buffer, type = MULTIPART_TYPE) {
  const response = await fetch(`${served.base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': type },
    body,
  });
  const answer = (await response.json()) as Answer;
  return { status: response.status, type: response.headers.get('content-type'), body: answer };
}

describe('multipart/form-data from a File field', () => {
  it('binds text fields like query values and hands over the files', async () => {
    const big = randomBytes(40 * 1024);
    const body = multipart([
      { name: 'title', value: 'Report' },
      { name: 'tags', value: 'a' },
      { name: 'tags', value: 'b' },
      { name: 'pages', value: '12' },
      { name: 'draft', value: 'true' },
      { name: 'kind', value: 'report' },
      { name: 'meta', value: '{"author":"Ann","year":2024}', type: 'application/json' },
      { name: 'file', value: big, filename: 'report.bin', type: 'application/octet-stream' },
      { name: 'attachments', value: 'one', filename: 'one.txt', type: 'text/plain' },
      { name: 'attachments', value: 'two', filename: 'two.txt', type: 'text/plain' },
    ]);
    const answer = await post('/documents', body);
    assert.equal(answer.status, 200);
    const { id: _id, ...rest } = answer.body;
    assert.deepEqual(rest, {
      title: 'Report',
      tags: ['a', 'b'],
      pages: 12,
      draft: true,
      kind: 'report',
      author: 'Ann',
      year: 2024,
      file: { name: 'report.bin', type: 'application/octet-stream', size: big.length, sha256: sha256(big) },
      attachments: [
        { name: 'one.txt', type: 'text/plain', size: 3, sha256: sha256('one') },
        { name: 'two.txt', type: 'text/plain', size: 3, sha256: sha256('two') },
      ],
    });
    // The 40 KiB file went to disk (threshold 1 KiB); it is gone once the request is over.
    await emptied(tempDir);
    assert.deepEqual(entries(tempDir), []);
  });

  it('reports each wrong or missing field by pointer (400), nothing left behind', async () => {
    const body = multipart([
      { name: 'pages', value: 'many' },
      { name: 'kind', value: 'poem' },
      { name: 'meta', value: '{"year":1}', type: 'application/json' },
      { name: 'file', value: randomBytes(4096), filename: 'x.bin' },
    ]);
    const answer = await post('/documents', body);
    assert.equal(answer.status, 400);
    assert.equal(answer.body.type, 'urn:svc:error:SVC_ERR_VALIDATION');
    assert.deepEqual((answer.body.errors ?? []).map((error: { name: string }) => error.name).sort(), [
      '/kind',
      '/meta/author',
      '/pages',
      '/title',
    ]);
    await emptied(tempDir);
  });

  it('a text value where a file is expected, and two files for one: 400', async () => {
    const body = multipart([
      { name: 'title', value: 'T' },
      { name: 'file', value: 'not a file' },
    ]);
    const answer = await post('/documents', body);
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body.errors, [{ in: 'body', name: '/file', message: 'must be a file' }]);
    const twice = multipart([
      { name: 'title', value: 'T' },
      { name: 'file', value: 'a', filename: 'a' },
      { name: 'file', value: 'b', filename: 'b' },
    ]);
    const second = await post('/documents', twice);
    assert.equal(second.status, 400);
    assert.deepEqual(second.body.errors, [
      { in: 'body', name: '/file', message: 'must be a single file, not repeated' },
    ]);
  });

  it('lists what was uploaded', async () => {
    const response = await fetch(`${served.base}/api/documents`);
    assert.equal(response.status, 200);
    const list = (await response.json()) as { title: string }[];
    assert.deepEqual(
      list.map((document) => document.title),
      ['Report'],
    );
  });
});
