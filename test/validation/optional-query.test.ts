/**
 * An optional whole-object `@Query() filter?: Filter` whose type requires `q`: the written
 * document and the server over a real socket say the same thing. On the wire every property is
 * optional; with none given the handler gets `undefined`; once any is given the object is checked
 * as its type says, and the document's description of `q` says so.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject } from '../../src/analyzer/index.js';
import { buildOpenApiDocument, documentToJson } from '../../src/entries/openapi.js';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/validation/optional-query', import.meta.url));
const served = serveFixture(root);

async function get(path: string): Promise<{ status: number; json: unknown }> {
  const response = await fetch(served.base + path);
  return { status: response.status, json: await response.json() };
}

function writtenParameters(path: string): unknown {
  const model = analyzeProject({ root, typeCheck: false }).model;
  assert.ok(model);
  const document = JSON.parse(documentToJson(buildOpenApiDocument(model))) as {
    paths: Record<string, { get: { parameters: unknown } }>;
  };
  return document.paths[path]?.get.parameters;
}

const problem = (name: string, message: string) => ({ errors: [{ in: 'query', name, message }] });

describe('optional whole-object @Query()', () => {
  it('the document marks every property optional and says when q is required', () => {
    assert.deepEqual(writtenParameters('/find/optional'), [
      {
        name: 'q',
        in: 'query',
        description: 'Required when any of limit is given.',
        required: false,
        schema: { type: 'string' },
      },
      { name: 'limit', in: 'query', required: false, schema: { type: 'number', minimum: 1 } },
    ]);
  });
  it('with none of its properties given the handler gets undefined', async () => {
    assert.deepEqual(await get('/api/find/optional'), { status: 200, json: { filter: 'undefined' } });
  });
  it('undeclared keys alone do not make the object present', async () => {
    assert.deepEqual(await get('/api/find/optional?other=1'), { status: 200, json: { filter: 'undefined' } });
  });
  it('once any property is given, the object is checked as its type says', async () => {
    assert.deepEqual(await get('/api/find/optional?q=x'), { status: 200, json: { filter: { q: 'x' } } });
    assert.deepEqual(await get('/api/find/optional?q=x&limit=2'), {
      status: 200,
      json: { filter: { q: 'x', limit: 2 } },
    });
    const missing = await get('/api/find/optional?limit=2');
    assert.equal(missing.status, 400);
    assert.deepEqual((missing.json as { errors: unknown }).errors, problem('q', 'is required').errors);
    const tooSmall = await get('/api/find/optional?q=x&limit=0');
    assert.equal(tooSmall.status, 400);
    assert.deepEqual((tooSmall.json as { errors: unknown }).errors, problem('limit', 'must be >= 1').errors);
  });
  it('a single required property needs no note: giving anything gives it', async () => {
    assert.deepEqual(writtenParameters('/find/only'), [
      { name: 'term', in: 'query', required: false, schema: { type: 'string' } },
    ]);
    assert.deepEqual(await get('/api/find/only'), { status: 200, json: { only: 'undefined' } });
    assert.deepEqual(await get('/api/find/only?term=a'), { status: 200, json: { only: { term: 'a' } } });
  });
  it('a required whole-object query documents and enforces its required properties', async () => {
    assert.deepEqual(writtenParameters('/find/required'), [
      { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
      { name: 'limit', in: 'query', required: false, schema: { type: 'number', minimum: 1 } },
    ]);
    const missing = await get('/api/find/required');
    assert.equal(missing.status, 400);
    assert.deepEqual((missing.json as { errors: unknown }).errors, problem('q', 'is required').errors);
  });
});
