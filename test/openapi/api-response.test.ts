/**
 * `@ApiResponse` in the written document: `type` takes any type the analyzer converts, the media
 * type is what the wire carries (checked over a socket), and without `type` only the description
 * of a status svc or a guard answers changes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject } from '../../src/entries/openapi.js';
import { documentOf, serveFixture } from '../support/served-fixture.js';
import { assertValidOpenApi } from './validate.js';

const root = fileURLToPath(new URL('../fixtures/apps/responses/', import.meta.url));
const problem = { $ref: '#/components/schemas/ProblemDetails' };
const item = { $ref: '#/components/schemas/Item' };
const served = serveFixture(root);
const document = documentOf(root);

const responsesOf = (path: string) => document.paths[path]?.get?.responses;

async function wire(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string | null; length: number }> {
  const response = await fetch(`${served.base}/api${path}`, { headers });
  const length = (await response.arrayBuffer()).byteLength;
  return { status: response.status, type: response.headers.get('content-type'), length };
}

describe('@ApiResponse without type', () => {
  it("keeps a guard's content and changes only the description", async () => {
    assert.deepEqual(responsesOf('/orders/guarded'), {
      '200': { description: 'Success', content: { 'text/plain': { schema: { type: 'string' } } } },
      '401': { description: 'No token', content: { 'text/plain': { schema: { type: 'string' } } } },
      // The guard's default block has no body, so the response has no content.
      '403': { description: 'Banned' },
    });
    assert.deepEqual(await wire('/orders/guarded'), {
      status: 401,
      type: 'text/plain; charset=utf-8',
      length: 'token missing'.length,
    });
    assert.deepEqual(await wire('/orders/guarded', { 'x-token': 'banned' }), {
      status: 403,
      type: null,
      length: 0,
    });
  });

  it('documents a thrown HttpError as the problem svc writes', async () => {
    assert.deepEqual(responsesOf('/orders/missing/{sku}')?.['404'], {
      description: 'No such order',
      content: { 'application/problem+json': { schema: problem } },
    });
    const missing = await wire('/orders/missing/x');
    assert.deepEqual([missing.status, missing.type], [404, 'application/problem+json']);
  });
});

describe('@ApiResponse with type', () => {
  it('documents an HttpError subclass and a problem-shaped interface as application/problem+json', async () => {
    const responses = responsesOf('/orders/missing/{sku}');
    assert.deepEqual(responses?.['409'], {
      description: 'Taken',
      content: { 'application/problem+json': { schema: problem } },
    });
    assert.deepEqual(responses?.['410'], {
      description: 'Sold out',
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/OutOfStock' } } },
    });
    const taken = await wire('/orders/missing/taken');
    assert.deepEqual([taken.status, taken.type], [409, 'application/problem+json']);
  });

  it("documents a catcher's plain JSON answer, an inline type, as application/json", async () => {
    assert.deepEqual(responsesOf('/orders/teapot')?.['418'], {
      description: 'Caught',
      content: {
        'application/json': {
          schema: { type: 'object', properties: { brewed: { type: 'string' } }, required: ['brewed'] },
        },
      },
    });
    const teapot = await wire('/orders/teapot');
    assert.deepEqual([teapot.status, teapot.type], [418, 'application/json']);
  });

  it('converts aliases, arrays of interfaces and typed values; mediaType overrides', () => {
    assert.deepEqual(responsesOf('/orders/shapes'), {
      '200': { description: 'Success' },
      '202': {
        description: 'An alias',
        // The schema generator writes an alias of an array type inline, as everywhere else.
        content: { 'application/json': { schema: { type: 'array', items: item } } },
      },
      '203': {
        description: 'An array of an interface',
        content: { 'application/json': { schema: { type: 'array', items: item } } },
      },
      '206': {
        description: 'A one-element array literal',
        content: { 'application/json': { schema: { type: 'array', items: item } } },
      },
      '422': {
        description: 'A custom media type',
        content: { 'application/vnd.item+json': { schema: item } },
      },
      '451': { description: 'Text', content: { 'text/plain': { schema: { type: 'string' } } } },
    });
    assert.deepEqual(document.components?.schemas?.Item, {
      type: 'object',
      properties: { sku: { type: 'string' } },
      required: ['sku'],
    });
  });

  it('writes a valid OpenAPI 3.0.3 document', async () => {
    await assertValidOpenApi(document);
  });
});

describe('@ApiResponse with a type the analyzer cannot read', () => {
  it('is SVC_ERR_NOT_STATIC at the type, naming the forms it accepts', () => {
    const invalid = fileURLToPath(new URL('../fixtures/apps/responses-invalid/', import.meta.url));
    const result = analyzeProject({ root: invalid });
    assert.deepEqual(
      result.diagnostics.map((d) => [d.severity, d.code, d.file, d.line, d.message]),
      [
        [
          'error',
          'SVC_ERR_NOT_STATIC',
          'src/app.ts',
          11,
          '@ApiResponse type must be a class, [Class], String/Number/Boolean or a typed value ({} as T)',
        ],
      ],
    );
  });
});
