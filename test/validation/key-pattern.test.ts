/**
 * Key patterns (`Record<Currency, V>`, template literal keys) as the validator runs them: every
 * key is checked, each failing key reported once, and a risky pattern never sees a key longer
 * than its cap (docs/validation.md, "Patterns and ReDoS").
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { ajvContext } from '../../src/runtime/validation/ajv-context.js';
import { translateErrors } from '../../src/runtime/validation/ajv-errors.js';

function errorsOf(schema: JsonSchema, value: unknown): string[] {
  const context = ajvContext({}, 'strip');
  const validate = context.validator(schema);
  if (validate(value)) return [];
  return translateErrors(validate.errors ?? [], '', context).map(
    (error) => `${error.name}: ${error.message}`,
  );
}

const EXTENSIONS: JsonSchema = {
  type: 'object',
  additionalProperties: { type: 'string' },
  propertyNames: { pattern: '^x-.*$' },
};

test('each key that fails the pattern is named once, beside its value errors', () => {
  assert.deepEqual(errorsOf(EXTENSIONS, { 'x-a': 'ok' }), []);
  assert.deepEqual(errorsOf(EXTENSIONS, { 'x-a': 'ok', foo: 'v', bar: 1 }), [
    '/foo: is not an allowed key: keys must match pattern "^x-.*$"',
    '/bar: is not an allowed key: keys must match pattern "^x-.*$"',
    '/bar: must be a string',
  ]);
});

test('a risky key pattern never runs on a key longer than its cap', () => {
  const slow: JsonSchema = {
    type: 'object',
    additionalProperties: { type: 'number' },
    propertyNames: { pattern: '^(a+)+$' },
    svc: { keyPatternLimit: 12 },
  };
  assert.deepEqual(errorsOf(slow, { aaaa: 1 }), []);
  // Over the cap: refused by length, the regex never runs (13 characters keep a regression quick).
  const long = `${'a'.repeat(12)}!`;
  assert.deepEqual(errorsOf(slow, { [long]: 1 }), [
    `/${long}: is not an allowed key: the key is too long to check against its pattern`,
  ]);
  assert.deepEqual(errorsOf(slow, { 'aaa!': 1 }), [
    '/aaa!: is not an allowed key: keys must match pattern "^(a+)+$"',
  ]);
});
