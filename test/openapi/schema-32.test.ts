/** The one conversion step: a model schema (OpenAPI 3.0.3 form, with svc hints) → JSON Schema 2020-12. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { toSchema2020 } from '../../src/entries/openapi.js';

describe('toSchema2020', () => {
  it('turns nullable into a type array, adding null to an enum', () => {
    assert.deepEqual(toSchema2020({ type: 'string', nullable: true }), { type: ['string', 'null'] });
    assert.deepEqual(toSchema2020({ type: 'string', enum: ['a', 'b'], nullable: true }), {
      type: ['string', 'null'],
      enum: ['a', 'b', null],
    });
    assert.deepEqual(toSchema2020({ type: 'string', enum: ['a'], nullable: true }), {
      type: ['string', 'null'],
      enum: ['a', null],
    });
  });

  it('turns a nullable reference or union into anyOf with {type: null}, annotations outside', () => {
    assert.deepEqual(
      toSchema2020({ allOf: [{ $ref: '#/components/schemas/A' }], nullable: true, description: 'd' }),
      {
        description: 'd',
        anyOf: [{ $ref: '#/components/schemas/A' }, { type: 'null' }],
      },
    );
    assert.deepEqual(toSchema2020({ oneOf: [{ type: 'string' }, { type: 'number' }], nullable: true }), {
      anyOf: [{ oneOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'null' }],
    });
  });

  it('writes a one-value enum as const, at every level', () => {
    const schema: JsonSchema = { type: 'object', properties: { kind: { type: 'string', enum: ['a'] } } };
    assert.deepEqual(toSchema2020(schema), {
      type: 'object',
      properties: { kind: { type: 'string', const: 'a' } },
    });
  });

  it('writes tuples from the x-svc-tuple hint as prefixItems, closed or with the rest as items', () => {
    const closed: JsonSchema = {
      type: 'array',
      items: { oneOf: [{ type: 'string' }, { type: 'number', nullable: true }] },
      minItems: 2,
      maxItems: 2,
      'x-svc-tuple': { prefixItems: [{ type: 'string' }, { type: 'number', nullable: true }] },
    };
    assert.deepEqual(toSchema2020(closed), {
      type: 'array',
      items: false,
      minItems: 2,
      maxItems: 2,
      prefixItems: [{ type: 'string' }, { type: ['number', 'null'] }],
    });
    const open: JsonSchema = {
      type: 'array',
      items: { oneOf: [{ type: 'string' }, { type: 'number' }] },
      minItems: 1,
      'x-svc-tuple': { prefixItems: [{ type: 'string' }], rest: { type: 'number' } },
    };
    assert.deepEqual(toSchema2020(open), {
      type: 'array',
      items: { type: 'number' },
      minItems: 1,
      prefixItems: [{ type: 'string' }],
    });
  });

  it('turns boolean exclusive bounds into numeric ones and drops every x-svc-* hint', () => {
    const schema: JsonSchema = {
      type: 'number',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 9,
      exclusiveMaximum: false,
      'x-svc-type': 'Date',
    };
    assert.deepEqual(toSchema2020(schema), { type: 'number', exclusiveMinimum: 0, maximum: 9 });
  });

  it('leaves the model schema unchanged', () => {
    const schema: JsonSchema = { type: 'object', properties: { a: { type: 'string', nullable: true } } };
    const before = structuredClone(schema);
    toSchema2020(schema);
    assert.deepEqual(schema, before);
  });
});
