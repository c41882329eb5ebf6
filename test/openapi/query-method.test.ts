/**
 * A `@QueryMethod` route in the three documents (docs/openapi.md): under the path item's
 * `x-svc-methods` in 3.0.3 and 3.1 and as the first-class `query` operation in 3.2, each document valid
 * against its official schema; and the spec tester, reading the 3.0.3 document, finds every
 * answer of the served fixture as the document says.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  analyzeProject,
  buildOpenApi31Document,
  buildOpenApi32Document,
  buildOpenApiDocument,
  document32ToJson,
} from '../../src/entries/openapi.js';
import type { AppModel } from '../../src/model/app-model.js';
import { casesOf } from '../document/spec-tester/cases.js';
import { findings, SchemaCheck, send } from '../document/spec-tester/check.js';
import type { SpecDocument } from '../document/spec-tester/spec-types.js';
import { documentOf, serveFixture } from '../support/served-fixture.js';
import { assertValidOpenApi, assertValidOpenApi31 } from './validate.js';
import { assertValidOpenApi32 } from './validate32.js';

const root = fileURLToPath(new URL('../fixtures/query-method/', import.meta.url));

/** What the QUERY operation says, in both documents. */
const SEARCH = {
  tags: ['books'],
  summary: 'Books by an author, oldest first.',
  operationId: 'searchCatalogue',
  requestBody: {
    required: true,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/BookFilter' } } },
  },
  responses: {
    '200': {
      description: 'Success',
      content: {
        'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Book' } } },
      },
    },
    '400': { $ref: '#/components/responses/InvalidInput' },
    '413': { $ref: '#/components/responses/ContentTooLarge' },
    '415': { $ref: '#/components/responses/UnsupportedMediaType' },
  },
};

describe('a QUERY route in the OpenAPI documents', () => {
  const document = documentOf(root);
  const model = analyzeProject({ root }).model as AppModel;

  it('3.0.3: valid, the QUERY operation under x-svc-methods beside the get', async () => {
    await assertValidOpenApi(document);
    const item = document.paths['/books']!;
    assert.deepEqual(Object.keys(item), ['get', 'x-svc-methods']);
    assert.deepEqual(item['x-svc-methods'], { QUERY: SEARCH });
  });

  it('3.1: valid, the same operation under x-svc-methods (3.1 has no key for QUERY)', async () => {
    const document31 = buildOpenApi31Document(model);
    await assertValidOpenApi31(document31);
    const item = document31.paths['/books']!;
    assert.deepEqual(Object.keys(item), ['get', 'x-svc-methods']);
    assert.deepEqual(item['x-svc-methods'], { QUERY: SEARCH });
  });

  it('3.2: valid, the same operation as the path item’s query field, no additionalOperations', async () => {
    const document32 = buildOpenApi32Document(model);
    await assertValidOpenApi32(document32);
    const item = document32.paths['/books']!;
    assert.deepEqual(Object.keys(item), ['get', 'query']);
    assert.deepEqual(item.query, SEARCH);
    assert.ok(!document32ToJson(document32).includes('additionalOperations'));
  });

  it('the GET-only path has no QUERY operation in any document', () => {
    assert.deepEqual(Object.keys(buildOpenApiDocument(model).paths['/books/{id}']!), ['get']);
    assert.deepEqual(Object.keys(buildOpenApi31Document(model).paths['/books/{id}']!), ['get']);
    assert.deepEqual(Object.keys(buildOpenApi32Document(model).paths['/books/{id}']!), ['get']);
  });
});

describe('the served fixture answers as its 3.0.3 document says', () => {
  const served = serveFixture(root);

  it('finds nothing: valid and invalid requests for every operation, TRACE, PUT and BOGUS', async () => {
    const spec = documentOf(root) as unknown as SpecDocument;
    const check = new SchemaCheck(spec);
    const cases = casesOf(spec, '/api', {});
    assert.ok(cases.some((request) => request.method === 'QUERY' && request.kind === 'invalid'));
    const found: string[] = [];
    for (const request of cases) {
      const answer = await send(served.base, request);
      for (const finding of findings(spec, check, request, answer))
        found.push(`${request.label}: ${finding}`);
    }
    assert.deepEqual(found, []);
  });
});
