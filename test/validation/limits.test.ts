/**
 * The bounds of body validation, at the coercer and the parser: how many errors a body reports
 * (and where listing every one stops), non-finite numbers, nesting deeper than the validator can
 * recurse, and the digits of a bigint. The wire view of the same is test/security/limits-body.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { JsonTooDeepError, parseJsonSafely } from '../../src/runtime/http/secure-json.js';
import { coercer, param, query } from './helpers.js';

const strings: JsonSchema = { type: 'array', items: { type: 'string' } };
const tree: JsonSchema = { $ref: '#/components/schemas/Tree' };
const schemas: Record<string, JsonSchema> = {
  Tree: { type: 'object', properties: { children: { type: 'array', items: tree } } },
};

const body = (schema: JsonSchema, key: string | string[] = '') =>
  coercer(param('body', key, schema), schemas, 'strip');

/** `name: message` of each error. */
function listed(raw: unknown, schema: JsonSchema = strings, key: string | string[] = ''): string[] {
  const { value, errors } = body(schema, key)(raw);
  assert.equal(value, undefined);
  assert.ok(errors.every((error) => error.in === 'body'));
  return errors.map((error) => `${error.name}: ${error.message}`);
}

const wrong = (index: number) => `/${index}: must be a string`;
const FIRST_ONLY = ': may have more errors: a body of over 1000 values is checked up to its first error';

describe('how many errors a body reports', () => {
  it('up to 20: every one, no note', () => {
    assert.deepEqual(
      listed(new Array(20).fill(1)),
      Array.from({ length: 20 }, (_, i) => wrong(i)),
    );
  });

  it('21 and more: the first 20, then how many more (one or several)', () => {
    const first20 = Array.from({ length: 20 }, (_, i) => wrong(i));
    assert.deepEqual(listed(new Array(21).fill(1)), [
      ...first20,
      ': has 1 more error (the first 20 are listed)',
    ]);
    assert.deepEqual(listed(new Array(1000).fill(1)), [
      ...first20,
      ': has 980 more errors (the first 20 are listed)',
    ]);
  });

  it('over 1,000 values: the first error and a note that validation stopped there', () => {
    const items = new Array(1001).fill('ok');
    items[700] = 1;
    items[900] = 2;
    assert.deepEqual(listed(items), [wrong(700), FIRST_ONLY]);
  });

  it('values are counted at every depth, objects and arrays included', () => {
    const schema: JsonSchema = { type: 'object', additionalProperties: strings };
    // 10 arrays of 99 items under one object: 10 + 990 = 1,000 values, listed in full.
    const small = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, new Array(99).fill(1)]));
    assert.equal(listed(small, schema).length, 21);
    const large = { ...small, k10: [] };
    assert.deepEqual(listed(large, schema), ['/k0/0: must be a string', FIRST_ONLY]);
  });

  it('the note is named by the key path of a @Body([...]) parameter', () => {
    assert.deepEqual(listed(new Array(2000).fill(1), strings, ['data', 'tags']), [
      '/data/tags/0: must be a string',
      '/data/tags' + FIRST_ONLY,
    ]);
  });
});

describe('numbers a validator must not take', () => {
  for (const [name, number] of [
    ['Infinity', Infinity],
    ['-Infinity', -Infinity],
    ['NaN', NaN],
  ] as const) {
    it(`${name} is not a number, nor an integer`, () => {
      assert.deepEqual(listed({ n: number }, { type: 'object', properties: { n: { type: 'number' } } }), [
        '/n: must be a number',
      ]);
      assert.deepEqual(listed({ n: number }, { type: 'object', properties: { n: { type: 'integer' } } }), [
        '/n: must be an integer',
      ]);
    });
  }
});

describe('nesting deeper than validation can recurse', () => {
  /** A Tree built in memory (a parsed body never gets this deep: see the parser's limit below). */
  function deepTree(nodes: number): unknown {
    let node: unknown = {};
    for (let i = 1; i < nodes; i++) node = { children: [node] };
    return node;
  }

  it('is an input error, not a thrown RangeError', () => {
    assert.deepEqual(listed(deepTree(100_000), tree), [': is nested too deeply to check']);
    assert.deepEqual(listed(deepTree(100_000), tree, ['root']), ['/root: is nested too deeply to check']);
  });

  it('a tree of ordinary depth still validates', () => {
    const { value, errors } = body(tree)(deepTree(60));
    assert.deepEqual(errors, []);
    assert.deepEqual(value, deepTree(60));
  });
});

describe("the parser's nesting limit", () => {
  const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('128 levels parse; 129 throw JsonTooDeepError, at any depth beyond', () => {
    assert.deepEqual(parseJsonSafely(arrays(128)), JSON.parse(arrays(128)));
    for (const text of [arrays(129), `{"a":[${arrays(127)}]}`, arrays(500_000)])
      assert.throws(() => parseJsonSafely(text), JsonTooDeepError, text.slice(0, 10));
  });

  it('brackets inside strings do not count, escaped quotes and backslashes included', () => {
    const value = { a: '['.repeat(300), b: '\\"' + '{'.repeat(300), c: '\\', d: [['x"]]"']] };
    assert.deepEqual(parseJsonSafely(JSON.stringify(value)), value);
    // `"\\"` ends with an escaped backslash, not an escaped quote: the arrays after it count.
    assert.throws(() => parseJsonSafely(`{"a":"\\\\","c":${arrays(128)}}`), JsonTooDeepError);
  });

  it('wide is not deep', () => {
    const wide = JSON.stringify({ rows: Array.from({ length: 5000 }, (_, id) => ({ id, tags: [[id]] })) });
    assert.equal((parseJsonSafely(wide) as { rows: unknown[] }).rows.length, 5000);
  });

  it('the limit is a parameter, and poisoned keys are still dropped', () => {
    assert.throws(() => parseJsonSafely(arrays(4), 3), JsonTooDeepError);
    assert.deepEqual(parseJsonSafely('{"a":[{"__proto__":{"x":1},"b":1}]}', 4), { a: [{ b: 1 }] });
  });
});

describe('bigint digits', () => {
  const id: JsonSchema = { type: 'integer', format: 'int64', svc: { rich: 'bigint' } };
  const digits = '9'.repeat(1000);

  it('a body takes at most 1,000 digits, signed or not', () => {
    const ledger: JsonSchema = { type: 'object', properties: { id } };
    assert.deepEqual(body(ledger)({ id: `-${digits}` }).value, { id: -BigInt(digits) });
    assert.deepEqual(listed({ id: `${digits}9` }, ledger), ['/id: must have at most 1000 digits']);
    assert.deepEqual(listed({ id: '9'.repeat(1_000_000) }, ledger), ['/id: must have at most 1000 digits']);
    assert.deepEqual(listed({ id: `${digits}x` }, ledger), ['/id: must be an integer']);
  });

  it('so does a text input', () => {
    const coerce = query(id);
    assert.equal(coerce(`+${digits}`).value, BigInt(digits));
    assert.deepEqual(coerce(`-${digits}9`).errors, [
      { in: 'query', name: 'q', message: 'must have at most 1000 digits' },
    ]);
  });
});
