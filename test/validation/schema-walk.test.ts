/**
 * The one sub-schema walk: every keyword that holds schemas is visited, references are followed
 * once each, and the readers built on it (the document's cleaner, revive, the serializer)
 * see a rich type wherever it is nested.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { RICH_VALUE_TYPES, richTypeOf } from '../../src/model/rich-types.js';
import { childSchemas, mapChildSchemas, someSubSchema } from '../../src/model/schema-walk.js';
import { publicSchema } from '../../src/openapi/schemas.js';
import { chooseSerializer } from '../../src/runtime/response/choose-serializer.js';
import { stringifyRich } from '../../src/runtime/response/json.js';

const leaf = (title: string): JsonSchema => ({ title, svc: { rich: 'bigint' } });

/** One schema using every keyword that holds a schema, each holding a leaf named after it. */
const EVERY_KEYWORD: JsonSchema = {
  properties: { a: leaf('properties') },
  additionalProperties: leaf('additionalProperties'),
  items: leaf('items'),
  prefixItems: [leaf('prefixItems')],
  propertyNames: leaf('propertyNames'),
  contentSchema: leaf('contentSchema'),
  not: leaf('not'),
  allOf: [leaf('allOf')],
  oneOf: [leaf('oneOf')],
  anyOf: [leaf('anyOf')],
};
const KEYWORDS = [
  'properties',
  'additionalProperties',
  'items',
  'prefixItems',
  'propertyNames',
  'contentSchema',
  'not',
  'allOf',
  'oneOf',
  'anyOf',
];
/** The keywords whose schema describes a value the serializer writes (not a key, not encoded text). */
const VALUE_KEYWORDS = KEYWORDS.filter(
  (keyword) => keyword !== 'propertyNames' && keyword !== 'contentSchema',
);

describe('the sub-schema walk', () => {
  it('childSchemas lists the schema of every keyword that holds one', () => {
    assert.deepEqual(new Set(childSchemas(EVERY_KEYWORD).map((child) => child.title)), new Set(KEYWORDS));
  });
  it('mapChildSchemas rebuilds every one of them and nothing else', () => {
    const mapped = mapChildSchemas({ ...EVERY_KEYWORD, minItems: 1 }, (child) => ({
      title: `~${child.title}`,
    }));
    assert.deepEqual(
      new Set(childSchemas(mapped).map((child) => child.title)),
      new Set(KEYWORDS.map((k) => `~${k}`)),
    );
    assert.equal(mapped.minItems, 1);
  });
  it('someSubSchema follows each reference once, so a recursive type ends', () => {
    const schemas: Record<string, JsonSchema> = {
      Tree: { properties: { children: { items: { $ref: '#/components/schemas/Tree' } } } },
    };
    let visits = 0;
    const found = someSubSchema({ $ref: '#/components/schemas/Tree' }, () => (visits++, false), { schemas });
    assert.equal(found, false);
    assert.equal(visits, 2); // Tree and its `children` schema; the inner reference is not entered again
  });
  it("the document cleaner strips svc's hints under every keyword", () => {
    const cleaned = publicSchema(EVERY_KEYWORD);
    assert.equal(
      someSubSchema(cleaned, (node) => 'svc' in node),
      false,
    );
    assert.equal(
      someSubSchema(EVERY_KEYWORD, (node) => 'svc' in node),
      true,
    );
  });
  it('the compiled serializer writes a bigint found under every keyword as its digits', () => {
    for (const keyword of VALUE_KEYWORDS) {
      const only = childSchemas(EVERY_KEYWORD).find((child) => child.title === keyword)!;
      const schema = { type: 'object' as const, properties: { x: { type: 'array' as const, items: only } } };
      const serialize = chooseSerializer(schema, {});
      assert.equal(serialize({ x: [10n ** 20n] }), '{"x":[100000000000000000000]}', keyword);
    }
    assert.equal(chooseSerializer(undefined, {}), stringifyRich);
  });
});

describe('the rich-type list', () => {
  it('holds the values the runtime revives, and richTypeOf reads only those', () => {
    assert.deepEqual([...RICH_VALUE_TYPES], ['Date', 'URL', 'bigint', 'Map', 'Set']);
    for (const type of RICH_VALUE_TYPES) assert.equal(richTypeOf({ svc: { rich: type } }), type);
    assert.equal(richTypeOf({ svc: { rich: 'DataHolder' } }), undefined);
    assert.equal(richTypeOf({ svc: { rich: 'bytes' } }), undefined);
    assert.equal(richTypeOf({}), undefined);
  });
});
