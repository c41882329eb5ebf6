/**
 * `@contentType` listing several media types (`image/png image/jpeg`, comma-separated too) or a
 * range (`image/*`) on downloads that carry their own type: every document lists each, the wire
 * sends the answer's own type, dev mode reports an answer the list does not cover, and an answer
 * with no type of its own (a stream, bytes, text) refuses a list at analysis.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { analyzeProject } from '../../src/analyzer/index.js';
import { buildOpenApiDocument } from '../../src/entries/openapi.js';
import { buildOpenApi31Document } from '../../src/openapi/v31/document.js';
import { buildOpenApi32Document } from '../../src/openapi/v32/document.js';
import { REPO } from '../cli/helpers.js';
import { assertValidOpenApi, assertValidOpenApi31 } from '../openapi/validate.js';
import { assertValidOpenApi32 } from '../openapi/validate32.js';
import { viaSocket } from '../runtime/helpers.js';
import { serveFixture } from '../support/served-fixture.js';

const ROOT = join(REPO, 'test', 'fixtures', 'apps', 'media-lists');

type Content = Record<string, { schema?: Record<string, unknown> }>;
type Responses = Record<string, { content?: Content }>;

const data = mkdtempSync(join(tmpdir(), 'svc-media-lists-'));
writeFileSync(join(data, 'pixel.png'), 'png bytes');
writeFileSync(join(data, 'photo.jpg'), 'jpeg bytes');
writeFileSync(join(data, 'notes.txt'), 'text');
(globalThis as { svcMediaListsData?: string }).svcMediaListsData = data;
after(() => rmSync(data, { recursive: true, force: true }));

describe('the documents of a listed @contentType', () => {
  const analysis = analyzeProject({ root: ROOT });
  assert.deepEqual(analysis.diagnostics, []);
  assert.ok(analysis.model);
  const documents = {
    '3.0.3': buildOpenApiDocument(analysis.model),
    '3.1': buildOpenApi31Document(analysis.model),
    '3.2': buildOpenApi32Document(analysis.model),
  };
  const responsesOf = (version: keyof typeof documents, path: string): Responses =>
    (documents[version].paths as unknown as Record<string, { get: { responses: Responses } }>)[path]!.get
      .responses;

  const LISTED: [path: string, types: string[]][] = [
    ['/media/blob/{kind}', ['image/png', 'image/jpeg']],
    ['/media/file/{name}', ['image/png', 'image/jpeg']],
    ['/media/picture', ['image/*']],
  ];

  it('list each type under the 200 and the 206, with the binary schema of each version', () => {
    for (const [path, types] of LISTED) {
      for (const version of ['3.0.3', '3.1', '3.2'] as const) {
        const responses = responsesOf(version, path);
        for (const status of ['200', '206']) {
          const content = responses[status]!.content!;
          assert.deepEqual(Object.keys(content), types, `${version} ${path} ${status}`);
          for (const type of types) {
            const binary =
              version === '3.0.3'
                ? { type: 'string', format: 'binary' }
                : { type: 'string', contentMediaType: type };
            assert.deepEqual(content[type]!.schema, binary, `${version} ${path} ${status} ${type}`);
          }
        }
      }
    }
  });

  it('gives three valid documents', async () => {
    await assertValidOpenApi(documents['3.0.3']);
    await assertValidOpenApi31(documents['3.1']);
    await assertValidOpenApi32(documents['3.2']);
  });
});

describe('the wire under a listed @contentType', () => {
  const served = serveFixture(ROOT);
  const get = (url: string) => viaSocket(served.base, { method: 'GET', url });

  it('sends a Blob’s own type, PNG or JPEG', async () => {
    for (const [kind, type] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
    ]) {
      const reply = await get(`/api/media/blob/${kind}`);
      assert.equal(reply.status, 200);
      assert.equal(reply.headers['content-type'], type);
      assert.equal(reply.text, kind);
    }
  });

  it('sends a file by its extension’s type, PNG or JPEG', async () => {
    for (const [name, type, text] of [
      ['pixel.png', 'image/png', 'png bytes'],
      ['photo.jpg', 'image/jpeg', 'jpeg bytes'],
    ]) {
      const reply = await get(`/api/media/file/${name}`);
      assert.equal(reply.status, 200);
      assert.equal(reply.headers['content-type'], type);
      assert.equal(reply.text, text);
    }
  });

  it('sends a type the list does not cover as it is, and a Blob with none as octet-stream', async () => {
    assert.equal((await get('/api/media/blob/gif')).headers['content-type'], 'image/gif');
    assert.equal((await get('/api/media/blob/none')).headers['content-type'], 'application/octet-stream');
    assert.equal((await get('/api/media/picture')).headers['content-type'], 'image/gif');
  });
});

describe('the dev check of a listed @contentType', () => {
  const logs: string[] = [];
  const served = serveFixture(ROOT, { dev: true, log: (line) => logs.push(line), requestLog: false });
  const get = (url: string) => viaSocket(served.base, { method: 'GET', url });

  it('reports an answer the list does not cover, naming the route and both types, once', async () => {
    for (const url of ['/api/media/blob/png', '/api/media/file/photo.jpg', '/api/media/picture'])
      assert.equal((await get(url)).status, 200);
    assert.deepEqual(logs, []);
    for (const url of [
      '/api/media/blob/gif',
      '/api/media/blob/gif',
      '/api/media/blob/none',
      '/api/media/file/notes.txt',
    ])
      assert.equal((await get(url)).status, 200);
    assert.deepEqual(logs, [
      'svc: warning: GET /api/media/blob/:kind (MediaController.blob) answered image/gif, which its @contentType (image/png, image/jpeg) does not cover; it was sent as image/gif',
      'svc: warning: GET /api/media/blob/:kind (MediaController.blob) answered a download with no media type of its own, which its @contentType (image/png, image/jpeg) cannot choose for it; it was sent as application/octet-stream',
      'svc: warning: GET /api/media/file/:name (MediaController.file) answered text/plain; charset=utf-8, which its @contentType (image/png, image/jpeg) does not cover; it was sent as text/plain; charset=utf-8',
    ]);
  });
});

describe('a list on an answer with no media type of its own', () => {
  it('is SVC_ERR_INVALID_CONTENT_TYPE, saying the wire would not know which to send', () => {
    const result = analyzeProject({ root: join(ROOT, 'invalid') });
    const found = result.diagnostics.map((d) => `${d.code} ${d.line} ${d.message}`);
    const tail =
      'carries no media type of its own, so the wire would not know which to send: declare one type, or answer a Blob, File or sendFile';
    assert.deepEqual(found, [
      `SVC_ERR_INVALID_CONTENT_TYPE 12 @contentType lists image/png, image/jpeg, but a stream or bytes ${tail}`,
      `SVC_ERR_INVALID_CONTENT_TYPE 21 @contentType lists image/*, but a stream or bytes ${tail}`,
      `SVC_ERR_INVALID_CONTENT_TYPE 30 @contentType lists text/plain, text/csv, but a text answer ${tail}`,
    ]);
  });
});
