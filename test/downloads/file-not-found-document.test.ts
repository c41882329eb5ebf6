/**
 * A route whose return type includes `FileAnswer` may answer `sendFile`'s 404: each of the three
 * documents lists it (svc's shared `FileNotFound` problem) without an `@ApiResponse`, keeps a
 * route's own description of it, shapes it by the route's catcher as the wire does, and leaves
 * routes that cannot answer it (a Blob) without it. The wire agrees.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  analyzeProject,
  buildOpenApi31Document,
  buildOpenApi32Document,
  buildOpenApiDocument,
} from '../../src/entries/openapi.js';
import { assertValidOpenApi, assertValidOpenApi31 } from '../openapi/validate.js';
import { assertValidOpenApi32 } from '../openapi/validate32.js';
import { viaSocket } from '../runtime/helpers.js';
import { serveTransfers, TRANSFERS_ROOT } from './transfers-app.js';

const result = analyzeProject({ root: TRANSFERS_ROOT });
assert.deepEqual(result.diagnostics, []);
const model = result.model!;

interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, { schema: unknown }>;
}
interface AnyDocument {
  paths: Record<string, { get?: { responses: Record<string, Response> } }>;
  components: { responses?: Record<string, Response> };
}

const documents = {
  '3.0.3': buildOpenApiDocument(model) as unknown as AnyDocument,
  '3.1': buildOpenApi31Document(model) as unknown as AnyDocument,
  '3.2': buildOpenApi32Document(model) as unknown as AnyDocument,
};
const responsesOf = (version: keyof typeof documents, path: string) =>
  documents[version].paths[path]?.get?.responses ?? {};
const FILE_NOT_FOUND = { $ref: '#/components/responses/FileNotFound' };

describe("sendFile's 404 in the documents", () => {
  const served = serveTransfers();

  for (const version of ['3.0.3', '3.1', '3.2'] as const) {
    it(`${version}: on every route that may answer with sendFile, and only there, as the wire answers`, async () => {
      assert.deepEqual(responsesOf(version, '/transfers/files/{name}')['404'], FILE_NOT_FOUND);
      assert.deepEqual(responsesOf(version, '/transfers/file-or-stream/{name}')['404'], FILE_NOT_FOUND);
      assert.deepEqual(documents[version].components.responses?.FileNotFound, {
        description: 'Not Found: no file is at the path the answer names',
        content: {
          'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } },
        },
      });
      const missing = await viaSocket(served.base, { method: 'GET', url: '/api/transfers/files/nothing' });
      assert.equal(missing.status, 404);
      assert.equal(missing.headers['content-type'], 'application/problem+json');
      assert.equal(JSON.parse(missing.text).type, 'urn:svc:error:SVC_ERR_FILE_NOT_FOUND');
      // A route's own description of the status wins; the content stays the problem.
      const described = responsesOf(version, '/transfers/described/{name}')['404'];
      assert.equal(described?.description, 'No such report');
      assert.deepEqual(Object.keys(described?.content ?? {}), ['application/problem+json']);
      assert.equal(responsesOf(version, '/transfers/blob')['404'], undefined);
      // A catcher of HttpError answers it 410 in plain text, in the document as on the wire.
      const gone = responsesOf(version, '/transfers/gone');
      assert.equal(gone['404'], undefined);
      assert.deepEqual(Object.keys(gone['410']?.content ?? {}), ['text/plain']);
      const answer = await viaSocket(served.base, { method: 'GET', url: '/api/transfers/gone' });
      assert.equal(answer.status, 410);
      assert.equal(answer.text, 'gone');
      // A 404 the handler throws itself stands for the missing file too: a catcher of its own
      // class moves that one to 410, the missing file's stays the 404 problem.
      const archive = responsesOf(version, '/transfers/archive/{year}');
      assert.deepEqual(Object.keys(archive['404']?.content ?? {}), ['application/problem+json']);
      assert.deepEqual(Object.keys(archive['410']?.content ?? {}), ['text/plain']);
      const late = await viaSocket(served.base, { method: 'GET', url: '/api/transfers/archive/2200' });
      assert.equal(late.status, 410);
      const absent = await viaSocket(served.base, { method: 'GET', url: '/api/transfers/archive/2000' });
      assert.equal(absent.status, 404);
    });
  }

  it('each document is valid for its version', async () => {
    await assertValidOpenApi(documents['3.0.3']);
    await assertValidOpenApi31(documents['3.1']);
    await assertValidOpenApi32(documents['3.2']);
  });
});
