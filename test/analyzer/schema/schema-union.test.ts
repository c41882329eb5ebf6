/**
 * When a union is `oneOf` (no value matches two members) and when `anyOf` (docs/openapi.md,
 * "Never more than the type"): the decision the goldens show case by case.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { areDisjoint, unionOf } from '../../../src/model/schema-union.js';
import type { JsonSchema } from '../../../src/model/json-schema.js';

const components: Record<string, JsonSchema> = {
  Color: { type: 'string', enum: ['red', 'blue'] },
  Cat: { type: 'object', properties: { name: { type: 'string' } } },
};
const lookup = (name: string) => components[name];
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

test('members of different JSON types are disjoint; integer is a number', () => {
  assert.equal(
    areDisjoint([{ type: 'string' }, { type: 'array', items: {} }, { type: 'boolean' }], lookup),
    true,
  );
  assert.equal(areDisjoint([{ type: 'integer' }, { type: 'number' }], lookup), false);
});

test('enums of one type are disjoint when no value repeats', () => {
  assert.equal(areDisjoint([{ type: 'string', enum: ['a'] }, ref('Color')], lookup), true);
  assert.equal(areDisjoint([{ type: 'string', enum: ['red'] }, ref('Color')], lookup), false);
  assert.equal(areDisjoint([{ type: 'string', enum: ['a'] }, { type: 'string' }], lookup), false);
});

test('objects overlap; an unknown member or one of several types overlaps everything', () => {
  assert.equal(areDisjoint([ref('Cat'), { type: 'object', properties: {} }], lookup), false);
  assert.equal(areDisjoint([ref('Cat'), { type: 'string' }], lookup), true);
  assert.equal(areDisjoint([ref('Missing'), { type: 'string' }], lookup), false);
  assert.equal(areDisjoint([{ type: ['number', 'null'] }, { type: 'string' }], lookup), false);
});

test('unionOf: repeats removed, {} absorbs, oneOf or anyOf by overlap', () => {
  assert.deepEqual(unionOf([{ type: 'string' }, { type: 'string' }], lookup), { type: 'string' });
  assert.deepEqual(unionOf([{ type: 'string' }, {}], lookup), {});
  assert.deepEqual(unionOf([{ type: 'string' }, { type: 'number' }], lookup), {
    oneOf: [{ type: 'string' }, { type: 'number' }],
  });
  assert.deepEqual(unionOf([{ type: 'string', enum: ['a'] }, { type: 'string' }], lookup), {
    anyOf: [{ type: 'string', enum: ['a'] }, { type: 'string' }],
  });
});
