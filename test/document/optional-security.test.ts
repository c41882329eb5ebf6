/**
 * `@ApiSecurity(name, scheme, { optional: true })` (docs/openapi.md, "Security"): the operations
 * the guard covers accept the scheme in all three documents (`security: [{}, {Token: []}]`, which
 * Swagger UI shows as an optional lock), without an `Authorization` parameter or the analyzer's
 * "reads the Authorization header" warning; on the wire, anonymous and authenticated requests
 * pass and a bad token is refused. An options argument the analyzer cannot read is an error.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  analyzeProject,
  buildOpenApi31Document,
  buildOpenApi32Document,
  buildOpenApiDocument,
  formatDiagnostic,
} from '../../src/entries/openapi.js';
import { assertValidOpenApi, assertValidOpenApi31 } from '../openapi/validate.js';
import { assertValidOpenApi32 } from '../openapi/validate32.js';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/apps/optional-auth/', import.meta.url));
const invalidRoot = fileURLToPath(new URL('../fixtures/apps/optional-auth/invalid/', import.meta.url));

interface Operation {
  security?: unknown;
  parameters?: { name: string; in: string }[];
}
interface AnyDocument {
  security?: unknown;
  paths: Record<string, Record<string, Operation> | undefined>;
  components?: { securitySchemes?: unknown };
}

describe('an optional security scheme in the documents', () => {
  const result = analyzeProject({ root });
  const model = result.model!;
  // Read through one shape: the three versions' operation types differ only in their schemas.
  const documents: [string, AnyDocument, (document: unknown) => Promise<void>][] = [
    ['3.0.3', buildOpenApiDocument(model) as unknown as AnyDocument, assertValidOpenApi],
    ['3.1', buildOpenApi31Document(model) as unknown as AnyDocument, assertValidOpenApi31],
    ['3.2', buildOpenApi32Document(model) as unknown as AnyDocument, assertValidOpenApi32],
  ];

  it('the analysis is clean: no warning for the guard that reads Authorization', () => {
    assert.deepEqual(result.diagnostics.map(formatDiagnostic), []);
  });

  it('each document: the optional route accepts the scheme, the required one needs it, the open one has none', async () => {
    for (const [version, document, assertValid] of documents) {
      const securityOf = (path: string, method: string) => document.paths[path]?.[method]?.security;
      assert.deepEqual(securityOf('/articles', 'get'), [{}, { Token: [] }], version);
      assert.deepEqual(securityOf('/articles', 'post'), [{ Token: [] }], version);
      assert.deepEqual(securityOf('/probe', 'get'), [], version);
      assert.equal(document.security, undefined, version);
      assert.deepEqual(
        document.components?.securitySchemes,
        { Token: { type: 'http', scheme: 'bearer' } },
        version,
      );
      await assertValid(document);
    }
  });

  it('each document: no Authorization parameter on any operation', () => {
    for (const [version, document] of documents) {
      const headers = Object.values(document.paths).flatMap((item) =>
        Object.values(item ?? {}).flatMap((operation) =>
          (operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'header')
            .map((parameter) => parameter.name.toLowerCase()),
        ),
      );
      assert.deepEqual(headers.sort(), ['x-locale', 'x-stop'], version);
    }
  });
});

describe('the optional guard on the wire', () => {
  const served = serveFixture(root);
  const list = (headers: Record<string, string> = {}) => fetch(`${served.base}/api/articles`, { headers });

  it('lets an anonymous request through, with no reader', async () => {
    const response = await list();
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { reader: unknown }).reader, null);
  });

  it('stores the reader a good token names', async () => {
    const response = await list({ authorization: 'Bearer reader-token' });
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { reader: unknown }).reader, 'reader');
  });

  it('refuses a bad token with 401', async () => {
    const response = await list({ authorization: 'Bearer forged' });
    assert.deepEqual([response.status, await response.text()], [401, 'Invalid token']);
  });
});

describe('@ApiSecurity options the analyzer cannot use', () => {
  it('reports each at its file and line', () => {
    const result = analyzeProject({ root: invalidRoot });
    const inAuth = result.diagnostics.filter((diagnostic) => diagnostic.file === 'src/auth.ts');
    assert.deepEqual(inAuth.map(formatDiagnostic), [
      "src/auth.ts:5: error: @ApiSecurity options must be an object literal known at build time ({ optional: true }), got `{ optional: process.env.ANONYMOUS === '1' }` [SVC_ERR_NOT_STATIC]",
      "src/auth.ts:13: error: TS2353: Object literal may only specify known properties, and 'anonymous' does not exist in type 'ApiSecurityOptions'. [SVC_ERR_TYPE_CHECK]",
      "src/auth.ts:13: error: @ApiSecurity option 'anonymous' is unknown (known: optional) [SVC_ERR_UNKNOWN_OPTION]",
      "src/auth.ts:21: error: @ApiSecurity option 'optional' must be a boolean literal [SVC_ERR_NOT_STATIC]",
    ]);
  });
});
