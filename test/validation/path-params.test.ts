/**
 * Typed path parameters: `@Param() id: number` is documented with its type and coerced and
 * validated like a query value, over a real socket; segments no `@Param` binds stay strings.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { documentOf, serveFixture } from '../support/served-fixture.js';
import { assertValidOpenApi } from '../openapi/validate.js';

const root = fileURLToPath(new URL('../fixtures/validation/path-app', import.meta.url));
const served = serveFixture(root);
const document = documentOf(root);

async function get(path: string, store = 's1'): Promise<{ status: number; type: string | null; json: any }> {
  const response = await fetch(`${served.base}/api/stores/${store}/items${path}`);
  return { status: response.status, type: response.headers.get('content-type'), json: await response.json() };
}

async function problemErrors(path: string, store?: string): Promise<unknown[]> {
  const reply = await get(path, store);
  assert.equal(reply.status, 400, JSON.stringify(reply.json));
  assert.equal(reply.type, 'application/problem+json');
  assert.equal(reply.json.status, 400);
  return reply.json.errors;
}

describe('typed path parameters over a socket', () => {
  it('reach the handler coerced to their declared types', async () => {
    assert.deepEqual((await get('/42')).json, { id: { type: 'number', value: 42 } });
    assert.deepEqual((await get('/code/0042')).json, { code: { type: 'string', value: '0042' } });
    assert.deepEqual((await get('/serial/99999999999999999999/true')).json, {
      serial: { type: 'bigint', value: '99999999999999999999' },
      archived: { type: 'boolean', value: true },
    });
    assert.deepEqual((await get('/shelf/top/small')).json, {
      shelf: { type: 'string', value: 'top' },
      size: { type: 'string', value: 'small' },
    });
    assert.deepEqual((await get('/ratio/1.5', '7')).json, {
      value: { type: 'number', value: 1.5 },
      storeId: { type: 'number', value: 7 },
    });
  });

  it('answer 400 naming the path parameter when the text is not of the type', async () => {
    assert.deepEqual(await problemErrors('/abc'), [
      { in: 'path', name: 'id', message: 'must be an integer' },
    ]);
    assert.deepEqual(await problemErrors('/1.5'), [
      { in: 'path', name: 'id', message: 'must be an integer' },
    ]);
    assert.deepEqual(await problemErrors('/0'), [{ in: 'path', name: 'id', message: 'must be >= 1' }]);
    assert.deepEqual(await problemErrors('/serial/x/maybe'), [
      { in: 'path', name: 'serial', message: 'must be an integer' },
      { in: 'path', name: 'archived', message: 'must be a boolean (true, false, 1 or 0)' },
    ]);
    assert.deepEqual(await problemErrors('/shelf/middle/huge'), [
      { in: 'path', name: 'shelf', message: 'must be one of: top, bottom' },
      { in: 'path', name: 'size', message: 'must be one of: small, large' },
    ]);
  });

  it('names a segment by its key, and checks a typed segment of the controller path', async () => {
    assert.deepEqual(await problemErrors('/ratio/x'), [
      { in: 'path', name: 'ratio', message: 'must be a number' },
      { in: 'path', name: 'storeId', message: 'must be a number' },
    ]);
  });
});

describe('typed path parameters in the document', () => {
  const parameters = (path: string) => document.paths[`/stores/{storeId}/items${path}`]?.get?.parameters;

  it('documents each bound segment with its type and an unbound one as a string', () => {
    assert.deepEqual(parameters('/{id}'), [
      {
        name: 'id',
        in: 'path',
        required: true,
        // An integer without a declared maximum is bounded by the safe range (docs/validation.md).
        schema: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
      },
      { name: 'storeId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    assert.deepEqual(parameters('/code/{code}'), [
      { name: 'code', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'storeId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    assert.deepEqual(parameters('/serial/{serial}/{archived}'), [
      { name: 'serial', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } },
      { name: 'archived', in: 'path', required: true, schema: { type: 'boolean' } },
      { name: 'storeId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    assert.deepEqual(parameters('/shelf/{shelf}/{size}'), [
      { name: 'shelf', in: 'path', required: true, schema: { $ref: '#/components/schemas/Shelf' } },
      { name: 'size', in: 'path', required: true, schema: { type: 'string', enum: ['small', 'large'] } },
      { name: 'storeId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    assert.deepEqual(parameters('/ratio/{ratio}'), [
      { name: 'ratio', in: 'path', required: true, schema: { type: 'number' } },
      { name: 'storeId', in: 'path', required: true, schema: { type: 'number' } },
    ]);
    assert.deepEqual(document.components?.schemas?.Shelf, {
      type: 'string',
      enum: ['top', 'bottom'],
      'x-enum-varnames': ['Top', 'Bottom'],
      'x-enumNames': ['Top', 'Bottom'],
    });
  });

  it('documents the 400 of a route whose only input is a path parameter', async () => {
    assert.deepEqual(Object.keys(document.paths['/stores/{storeId}/items/{id}']?.get?.responses ?? {}), [
      '200',
      '400',
    ]);
    await assertValidOpenApi(document);
  });
});
