/**
 * `@maxSize` on a `File` field is in all three documents as the file's `maxLength` in octets (what
 * the OpenAPI specification defines `maxLength` to count for unencoded binary), on each item of a
 * `File[]`; a field without the tag has none. The documents stay valid.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  analyzeProject,
  buildOpenApi31Document,
  buildOpenApi32Document,
  buildOpenApiDocument,
} from '../../src/entries/openapi.js';
import type { AppModel } from '../../src/model/app-model.js';
import { assertValidOpenApi, assertValidOpenApi31 } from '../openapi/validate.js';
import { assertValidOpenApi32 } from '../openapi/validate32.js';
import { TRANSFERS_ROOT } from '../downloads/transfers-app.js';
import { ROOT } from './helpers.js';

interface AnyDocument {
  components: { schemas: Record<string, { properties: Record<string, unknown> }> };
}

function documentsOf(root: string) {
  const result = analyzeProject({ root });
  assert.deepEqual(result.diagnostics, []);
  const model = result.model as AppModel;
  return {
    '3.0.3': buildOpenApiDocument(model) as unknown as AnyDocument,
    '3.1': buildOpenApi31Document(model) as unknown as AnyDocument,
    '3.2': buildOpenApi32Document(model) as unknown as AnyDocument,
  };
}

const uploads = documentsOf(ROOT);
const transfers = documentsOf(TRANSFERS_ROOT);
const fileSchema = (version: string, maxLength: number) =>
  version === '3.0.3'
    ? { type: 'string', format: 'binary', maxLength }
    : { type: 'string', contentMediaType: 'application/octet-stream', maxLength };

describe('@maxSize in the documents', () => {
  for (const version of ['3.0.3', '3.1', '3.2'] as const) {
    it(`${version}: a File's maxLength, each File[] item's`, () => {
      const document = uploads[version].components.schemas.NewDocument?.properties ?? {};
      assert.deepEqual(document.file, fileSchema(version, 64 * 1024));
      const album = transfers[version].components.schemas.NewAlbum?.properties ?? {};
      assert.deepEqual(album.cover, fileSchema(version, 2 * 1024));
      assert.deepEqual(album.photos, { type: 'array', items: fileSchema(version, 1.5 * 1024 * 1024) });
      assert.deepEqual(album.title, { type: 'string' });
    });
  }

  it('each document is valid for its version', async () => {
    for (const documents of [uploads, transfers]) {
      await assertValidOpenApi(documents['3.0.3']);
      await assertValidOpenApi31(documents['3.1']);
      await assertValidOpenApi32(documents['3.2']);
    }
  });
});
