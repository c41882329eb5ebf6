/**
 * The documents of the uploads fixture: multipart bodies with binary file fields and an
 * `encoding` entry for a field's media types, forms as urlencoded (and JSON where accepted), raw
 * bodies with their media types; each document valid for its version.
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
import { ROOT } from './helpers.js';

const result = analyzeProject({ root: ROOT });
assert.deepEqual(result.diagnostics, []);
const model = result.model!;

interface AnyDocument {
  paths: Record<string, Record<string, { requestBody?: unknown }>>;
  components: { schemas: Record<string, { properties: Record<string, unknown> }> };
}

const documents = {
  '3.0.3': buildOpenApiDocument(model) as unknown as AnyDocument,
  '3.1': buildOpenApi31Document(model) as unknown as AnyDocument,
  '3.2': buildOpenApi32Document(model) as unknown as AnyDocument,
};
const binary = { '3.0.3': { type: 'string', format: 'binary' } } as Record<string, unknown>;
const fileSchema = (version: string) =>
  binary[version] ?? { type: 'string', contentMediaType: 'application/octet-stream' };

const body = (version: keyof typeof documents, path: string, method: string) =>
  documents[version].paths[path]?.[method]?.requestBody;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('request bodies in the documents', () => {
  for (const version of ['3.0.3', '3.1', '3.2'] as const) {
    it(`${version}: multipart, form and raw bodies`, () => {
      assert.deepEqual(body(version, '/documents', 'post'), {
        required: true,
        content: { 'multipart/form-data': { schema: ref('NewDocument') } },
      });
      assert.deepEqual(body(version, '/documents/photos', 'post'), {
        required: true,
        content: {
          'multipart/form-data': {
            schema: ref('NewPhoto'),
            encoding: { photo: { contentType: 'image/png, image/jpeg' } },
          },
        },
      });
      assert.deepEqual(body(version, '/documents/notes', 'post'), {
        required: true,
        content: {
          'application/x-www-form-urlencoded': { schema: ref('Note') },
          'application/json': { schema: ref('Note') },
        },
      });
      assert.deepEqual(body(version, '/documents/{id}/content', 'put'), {
        required: true,
        content: {
          'text/plain': { schema: fileSchema(version) },
          'application/octet-stream': { schema: fileSchema(version) },
        },
      });
      assert.deepEqual(body(version, '/documents/streams', 'post'), {
        required: true,
        content: { '*/*': { schema: fileSchema(version) } },
      });
      const fields = documents[version].components.schemas.NewDocument?.properties ?? {};
      // `@maxSize 64KB`: the file's maxLength in octets.
      assert.deepEqual(fields.file, { ...fileSchema(version), maxLength: 64 * 1024 });
      assert.deepEqual(fields.attachments, { type: 'array', items: fileSchema(version) });
    });
  }

  it('each document is valid for its version', async () => {
    await assertValidOpenApi(documents['3.0.3']);
    await assertValidOpenApi31(documents['3.1']);
    await assertValidOpenApi32(documents['3.2']);
  });
});
