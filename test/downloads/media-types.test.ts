/**
 * Media types declared once, by `@contentType` on the handler: the wire (a real socket) and all
 * three documents say the same. Downloads are bytes (`format: binary` in 3.0.3,
 * `contentMediaType` in 3.1 and 3.2); those of known size document 206, 304 and 416, streams not.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { analyzeProject } from '../../src/analyzer/index.js';
import { buildOpenApiDocument } from '../../src/entries/openapi.js';
import { buildOpenApi31Document } from '../../src/openapi/v31/document.js';
import { buildOpenApi32Document } from '../../src/openapi/v32/document.js';
import { assertValidOpenApi, assertValidOpenApi31 } from '../openapi/validate.js';
import { assertValidOpenApi32 } from '../openapi/validate32.js';
import { viaSocket } from '../runtime/helpers.js';
import { FILES_ROOT, serveFilesApp } from './files-app.js';

type Responses = Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;

const model = analyzeProject({ root: FILES_ROOT }).model;
assert.ok(model);
const documents = {
  '3.0.3': buildOpenApiDocument(model),
  '3.1': buildOpenApi31Document(model),
  '3.2': buildOpenApi32Document(model),
};

function responsesOf(version: keyof typeof documents, path: string): Responses {
  const paths = documents[version].paths as unknown as Record<string, { get: { responses: Responses } }>;
  return paths[path]!.get.responses;
}

/** The route, the media type the document gives its 200, and the Content-Type on the wire. */
const DECLARED: [path: string, media: string, wire: string][] = [
  ['/files/report.csv', 'text/csv', 'text/csv; charset=utf-8'],
  ['/files/page', 'text/html', 'text/html; charset=utf-8'],
  ['/files/pixel.png', 'image/png', 'image/png'],
  ['/files/document', 'application/pdf', 'application/pdf'],
  ['/files/web-lines', 'application/octet-stream', 'application/octet-stream'],
  ['/files/alphabet', 'application/octet-stream', 'text/plain; charset=utf-8'],
];

describe('declared media types', () => {
  const served = serveFilesApp();

  it('are the Content-Type on the wire and the 200 content of all three documents', async () => {
    for (const [path, media, wire] of DECLARED) {
      const reply = await viaSocket(served.base, { method: 'GET', url: `/api${path}` });
      assert.equal(reply.status, 200, path);
      assert.equal(reply.headers['content-type'], wire, path);
      for (const version of ['3.0.3', '3.1', '3.2'] as const) {
        assert.deepEqual(
          Object.keys(responsesOf(version, path)['200']!.content ?? {}),
          [media],
          `${version} ${path}`,
        );
      }
    }
  });

  it('write downloads as bytes: format binary in 3.0.3, contentMediaType in 3.1 and 3.2; text as a string', () => {
    for (const [path, media] of DECLARED) {
      const bytes = !media.startsWith('text/');
      for (const version of ['3.0.3', '3.1', '3.2'] as const) {
        const schema = responsesOf(version, path)['200']!.content![media]!.schema;
        const expected = !bytes
          ? { type: 'string' }
          : version === '3.0.3'
            ? { type: 'string', format: 'binary' }
            : { type: 'string', contentMediaType: media };
        assert.deepEqual(schema, expected, `${version} ${path}`);
      }
    }
  });

  it('document 206, 304 and 416 for downloads of known size, and only 200 for streams and text', () => {
    const statuses = (path: string) => Object.keys(responsesOf('3.1', path)).sort();
    assert.deepEqual(statuses('/files/blob'), ['200', '206', '304', '416']);
    // A sendFile answer may also be the 404 of a missing file.
    for (const path of ['/files/alphabet', '/files/document'])
      assert.deepEqual(statuses(path), ['200', '206', '304', '404', '416'], path);
    // A validated path parameter adds svc's 400.
    assert.deepEqual(statuses('/files/named/{which}'), ['200', '206', '304', '400', '416']);
    for (const path of ['/files/web-lines', '/files/report.csv', '/files/pixel.png'])
      assert.deepEqual(statuses(path), ['200'], path);
  });

  it('gives three valid documents', async () => {
    await assertValidOpenApi(documents['3.0.3']);
    await assertValidOpenApi31(documents['3.1']);
    await assertValidOpenApi32(documents['3.2']);
  });

  it('refuses a @contentType that is not a media type, not JSON for a JSON answer, or on a route without a body', () => {
    const result = analyzeProject({ root: join(FILES_ROOT, 'invalid') });
    const found = result.diagnostics.map((d) => `${d.code} ${d.line} ${d.message}`);
    assert.deepEqual(found, [
      "SVC_ERR_INVALID_CONTENT_TYPE 11 @contentType 'csv' is not a media type",
      'SVC_ERR_INVALID_CONTENT_TYPE 20 @contentType names text/csv, but the answer is written as JSON',
      'SVC_ERR_INVALID_CONTENT_TYPE 29 @contentType is on a route that answers no body of its own',
      'SVC_ERR_INVALID_CONTENT_TYPE 36 @contentType is on a route that answers no body of its own',
    ]);
  });
});
