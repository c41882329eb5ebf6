/**
 * The compiled serializer against its reference on a generated corpus: for every subject type of
 * the schema goldens (test/fixtures/schema), values of that type (with undeclared keys mixed in)
 * are written by `compileSerializer` and by `JSON.stringify` of the value pruned to the schema
 * (prune.ts), and the two texts must be identical.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { compileSerializer } from '../../src/runtime/serialize/index.js';
import { generate, Random, type Schemas } from './corpus.js';
import { conforms, expectedJson } from './prune.js';

const GOLDENS = fileURLToPath(new URL('../fixtures/schema', import.meta.url));
const VALUES_PER_TYPE = 60;
/** `T[] & { total: number }`: an `allOf` of an array and an object, which no value matches. */
const NO_VALUE = new Set(['SubjectArrayWithExtras']);

interface Golden {
  schemas: Record<string, JsonSchema>;
  components: Schemas;
}

/** Case folders: `<case>/schema.json` is the golden. */
const cases = readdirSync(GOLDENS)
  .filter((name) => existsSync(`${GOLDENS}/${name}/schema.json`))
  .sort();

test('every golden case is read', () => {
  assert.ok(cases.length >= 10, cases.join(', '));
});

for (const file of cases) {
  const golden = JSON.parse(readFileSync(`${GOLDENS}/${file}/schema.json`, 'utf8')) as Golden;
  describe(file, () => {
    for (const [subject, schema] of Object.entries(golden.schemas)) {
      test(subject, () => {
        const serialize = compileSerializer(schema, golden.components);
        const random = new Random(hash(file + subject));
        let compared = 0;
        for (let index = 0; index < VALUES_PER_TYPE; index++) {
          const value = generate(schema, golden.components, random);
          if (value === undefined || typeof value === 'string' || !conforms(value, schema, golden.components))
            continue;
          const expected = expectedJson(value, schema, golden.components);
          assert.equal(serialize(value), expected, `value ${index} of ${subject}`);
          assert.doesNotThrow(() => JSON.parse(expected));
          compared++;
        }
        // Strings are sent as text, not JSON; no JavaScript value is both an array and an object.
        const none = isTextOnly(schema, golden.components) || NO_VALUE.has(subject);
        assert.ok(compared > 0 || none, `${subject}: no value compared`);
      });
    }
  });
}

/** Strings (and unions of them) are answered as text, never through the JSON serializer. */
function isTextOnly(schema: JsonSchema, schemas: Schemas): boolean {
  const name = schema.$ref?.split('/').pop();
  const target = name === undefined ? schema : (schemas[name] ?? {});
  const union = target.oneOf ?? target.anyOf;
  if (union) return union.every((member) => isTextOnly(member, schemas));
  return (
    target.type === 'string' ||
    Object.keys(target).length === 0 ||
    target.enum?.every((v) => typeof v === 'string') === true
  );
}

function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index++)
    value = Math.imul(value ^ text.charCodeAt(index), 16777619);
  return value;
}
