/**
 * The compiled serializer on each 2020-12 form the model writes (src/model/json-schema.ts):
 * tuples by position, "or null" in its three spellings, literals, bytes, and a `$ref` beside its
 * annotations. The golden corpus (serializer-differential.test.ts) covers the forms in bulk;
 * these pin the cases a corpus of valid values does not reach (a tuple longer than its type).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { compileSerializer } from '../../src/runtime/serialize/index.js';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const DATE: JsonSchema = { type: 'string', format: 'date-time', svc: { rich: 'Date' } };
const BIGINT: JsonSchema = { type: 'integer', format: 'int64', svc: { rich: 'bigint' } };
const AT = new Date(Date.UTC(2024, 0, 2));

const schemas: Record<string, JsonSchema> = {
  Point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
  On: { type: 'object', properties: { kind: { type: 'string', const: 'on' }, at: DATE }, required: ['kind'] },
  Off: {
    type: 'object',
    properties: { kind: { type: 'string', const: 'off' }, n: BIGINT },
    required: ['kind'],
  },
};

const write = (schema: JsonSchema, value: unknown) => compileSerializer(schema, schemas)(value);

describe('tuples', () => {
  const pair: JsonSchema = { type: 'array', prefixItems: [DATE, BIGINT], items: false, minItems: 2 };
  test('each element is written by its position', () => {
    assert.equal(write(pair, [AT, 10n ** 20n]), '["2024-01-02T00:00:00.000Z",100000000000000000000]');
  });
  test('a shorter value ends where it ends; a longer one writes the rest as JSON.stringify would', () => {
    assert.equal(write(pair, []), '[]');
    assert.equal(write(pair, [AT]), '["2024-01-02T00:00:00.000Z"]');
    assert.equal(write(pair, [AT, 1n, { a: 1 }]), '["2024-01-02T00:00:00.000Z",1,{"a":1}]');
  });
  test('the rest element by `items`', () => {
    const rest: JsonSchema = { type: 'array', prefixItems: [{ type: 'string' }], items: BIGINT, minItems: 1 };
    assert.equal(write(rest, ['a', 1n, 2n]), '["a",1,2]');
  });
  test('an object in a tuple drops what its type does not declare', () => {
    const points: JsonSchema = { type: 'array', prefixItems: [ref('Point')], items: false, minItems: 1 };
    assert.equal(write(points, [{ x: 1, secret: 's' }]), '[{"x":1}]');
  });
});

describe('null', () => {
  test('a type array, an anyOf with a reference, and null alone', () => {
    const holder: JsonSchema = {
      type: 'object',
      properties: {
        at: { ...DATE, type: ['string', 'null'] },
        point: { anyOf: [ref('Point'), { type: 'null' }] },
        none: { type: 'null' },
      },
    };
    assert.equal(
      write(holder, { at: null, point: null, none: null }),
      '{"at":null,"point":null,"none":null}',
    );
    assert.equal(
      write(holder, { at: AT, point: { x: 2, y: 3 } }),
      '{"at":"2024-01-02T00:00:00.000Z","point":{"x":2}}',
    );
  });
  test('a nullable union writes null, and each member by its shape', () => {
    const either: JsonSchema = { anyOf: [ref('Point'), { type: 'string' }, { type: 'null' }] };
    assert.equal(write(either, null), 'null');
    assert.equal(write(either, { x: 1, y: 2 }), '{"x":1}');
    assert.equal(write(either, 'text'), '"text"');
  });
});

describe('literals, bytes and references with annotations', () => {
  test('a union told apart by literal tags (no discriminator) writes each member by its own type', () => {
    const state: JsonSchema = { anyOf: [ref('On'), ref('Off')] };
    assert.equal(write(state, { kind: 'off', n: 5n, at: AT }), '{"kind":"off","n":5}');
    assert.equal(
      write(state, { kind: 'on', n: 5n, at: AT }),
      '{"kind":"on","at":"2024-01-02T00:00:00.000Z"}',
    );
  });
  test('the same union with a discriminator', () => {
    const state: JsonSchema = { oneOf: [ref('On'), ref('Off')], discriminator: { propertyName: 'kind' } };
    assert.equal(write(state, { kind: 'off', n: 5n, at: AT }), '{"kind":"off","n":5}');
  });
  test('bytes inside JSON are base64', () => {
    const file: JsonSchema = {
      type: 'object',
      properties: { data: { type: 'string', contentEncoding: 'base64', svc: { rich: 'bytes' } } },
    };
    assert.equal(write(file, { data: Buffer.from('hi') }), '{"data":"aGk="}');
  });
  test('a $ref beside its description is the named schema', () => {
    const described: JsonSchema = {
      type: 'object',
      properties: { p: { $ref: '#/components/schemas/Point', description: 'where' } },
    };
    assert.equal(write(described, { p: { x: 1, y: 2 } }), '{"p":{"x":1}}');
  });
});
