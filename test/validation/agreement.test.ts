/**
 * One table, every input source: each schema and value goes through the compiled binder as a
 * path segment, a query value, a property of a whole-object query, a header, a cookie and a JSON
 * body, and every source must give the same verdict and the same messages. Text arrives as text (`String(value)`, arrays as repeated
 * query keys) and bodies as JSON, so only the `in` and `name` fields may differ: a text array's
 * `item 2: ...` is the body's `/1` pointer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParamModel, ParamSource } from '../../src/model/app-model.js';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { compileBinder } from '../../src/runtime/binding/compile-binder.js';
import { FrameworkHttpError } from '../../src/runtime/errors/problem.js';
import type { Exchange } from '../../src/runtime/http/exchange.js';
import type { InputError } from '../../src/runtime/validation/types.js';
import { param } from './helpers.js';

type Scalar = string | number | boolean;

interface Row {
  name: string;
  schema: JsonSchema;
  /** Value → the messages it must get ([] when valid). */
  cases: [Scalar | Scalar[], string[]][];
}

const LONG = 'a'.repeat(1001);
const SAFE_MESSAGE =
  'must be an integer from -9007199254740991 to 9007199254740991 (larger ones lose precision)';

const TABLE: Row[] = [
  {
    name: 'number with bounds and multipleOf',
    schema: { type: 'number', minimum: 1, maximum: 10, multipleOf: 0.5 },
    cases: [
      [5.5, []],
      [0, ['must be >= 1']],
      [11, ['must be <= 10']],
      [2.2, ['must be a multiple of 0.5']],
      ['abc', ['must be a number']],
    ],
  },
  {
    name: 'exclusive bounds',
    schema: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
    cases: [
      [0.5, []],
      [0, ['must be > 0']],
      [1, ['must be < 1']],
    ],
  },
  {
    name: 'integer with a minimum',
    schema: { type: 'integer', minimum: 0 },
    cases: [
      [3, []],
      [-1, ['must be >= 0']],
      [1.5, ['must be an integer']],
    ],
  },
  {
    name: 'integer within the safe range the model bounds it by',
    schema: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
    cases: [
      [9007199254740991, []],
      [2 ** 60, [SAFE_MESSAGE]],
      [-(2 ** 60), [SAFE_MESSAGE]],
    ],
  },
  {
    name: 'string literal',
    schema: { type: 'string', const: 'on' },
    cases: [
      ['on', []],
      ['off', ['must be "on"']],
    ],
  },
  {
    name: 'number literal',
    schema: { type: 'number', const: 2 },
    cases: [
      [2, []],
      [3, ['must be 2']],
    ],
  },
  {
    name: 'string lengths (code points) and pattern',
    schema: { type: 'string', minLength: 2, maxLength: 3, pattern: '^[a-z😀]+$' },
    cases: [
      ['abc', []],
      ['😀😀😀', []],
      ['a', ['must have at least 2 characters']],
      ['abcd', ['must have at most 3 characters']],
      ['AB', ['must match pattern "^[a-z😀]+$"']],
    ],
  },
  {
    name: 'pattern without maxLength',
    schema: { type: 'string', pattern: '^a+$' },
    cases: [
      ['aaa', []],
      [LONG, ['is too long to check against its pattern']],
    ],
  },
  {
    name: 'pattern the analyzer found risky',
    schema: { type: 'string', pattern: '^(a+)+$', svc: { patternLimit: 12 } },
    cases: [
      ['aaaaaaaaaaaa', []],
      ['aaaaaaaaaaaaa', ['is too long to check against its pattern']],
    ],
  },
  ...['email', 'uuid', 'date', 'ipv4', 'date-time'].map((format): Row => ({
    name: `format ${format}`,
    schema: { type: 'string', format },
    cases: [['not valid', [`must be a valid ${format}`]]],
  })),
  {
    name: 'string enum',
    schema: { type: 'string', enum: ['red', 'green'] },
    cases: [
      ['red', []],
      ['blue', ['must be one of: red, green']],
    ],
  },
  {
    name: 'numeric enum',
    schema: { type: 'integer', enum: [1, 2, 3] },
    cases: [
      [2, []],
      [4, ['must be one of: 1, 2, 3']],
    ],
  },
  {
    name: 'array with bounds and unique items',
    schema: { type: 'array', items: { type: 'string', maxLength: 3 }, maxItems: 3, uniqueItems: true },
    cases: [
      [['a', 'b'], []],
      [['a', 'b', 'c', 'd'], ['must have at most 3 items']],
      [['a', 'a'], ['must not contain duplicate items']],
      [['ab', 'abcd'], ['/1 must have at most 3 characters']],
    ],
  },
  {
    name: 'tuple: each element by its position',
    schema: {
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'integer', maximum: 5 }],
      items: false,
      minItems: 2,
    },
    cases: [
      [['a', 1], []],
      [['a', 1.5], ['/1 must be an integer']],
      [['a', 6], ['/1 must be <= 5']],
      [['a'], ['must have at least 2 items']],
      [['a', 1, 2], ['must have at most 2 items']],
    ],
  },
];

/** `query-object`: the value as property `v` of a whole-object `@Query() filter: { v: T }`. */
type Source = ParamSource | 'query-object';

const TEXT_SOURCES: Source[] = ['path', 'query', 'query-object', 'header', 'cookie'];
const ARRAY_SOURCES: Source[] = ['query', 'query-object', 'body'];
const KEY = 'v';

function modelOf(source: Source, schema: JsonSchema): ParamModel {
  if (source === 'body') return param('body', [], schema);
  if (source !== 'query-object') return param(source, KEY, schema);
  const objectSchema: JsonSchema = { type: 'object', properties: { [KEY]: schema }, required: [KEY] };
  return param('query', 'filter', objectSchema, { wholeObject: true });
}

/** What one source answers for one value: the messages, a pointer prefixed where there is one. */
function verdict(source: Source, schema: JsonSchema, value: Scalar | Scalar[]): string[] {
  const bind = compileBinder([modelOf(source, schema)], { schemas: {}, unknownProperties: 'keep' });
  try {
    bind(exchangeWith(source, value));
    return [];
  } catch (error) {
    assert.ok(error instanceof FrameworkHttpError, String(error));
    return (error.errors ?? []).map((inputError) => normalise(source, inputError));
  }
}

function exchangeWith(source: Source, value: Scalar | Scalar[]): Exchange {
  const text = Array.isArray(value) ? value.map(String) : String(value);
  const single = Array.isArray(text) ? (text[0] ?? '') : text;
  const record = (entry: unknown) => ({ [KEY]: entry });
  const exchange = {
    params: source === 'path' ? record(single) : {},
    query: source === 'query' || source === 'query-object' ? record(text) : {},
    headers: source === 'header' ? record(single) : {},
    cookies: source === 'cookie' ? record(single) : {},
    body: source === 'body' ? value : undefined,
  };
  return exchange as unknown as Exchange;
}

/** Body errors carry a pointer in `name`, text errors an `item N: ` prefix: both become `/N-1 message`. */
function normalise(source: Source, error: InputError): string {
  assert.equal(error.in, source === 'query-object' ? 'query' : source);
  if (source === 'body') return error.name === '' ? error.message : `${error.name} ${error.message}`;
  assert.equal(error.name, KEY);
  const item = /^item (\d+): (.*)$/.exec(error.message);
  return item ? `/${Number(item[1]) - 1} ${item[2]}` : error.message;
}

describe('every input source gives the same verdict and messages', () => {
  for (const row of TABLE) {
    it(row.name, () => {
      for (const [value, expected] of row.cases) {
        const sources = Array.isArray(value) ? ARRAY_SOURCES : [...TEXT_SOURCES, 'body' as const];
        for (const source of sources)
          assert.deepEqual(
            verdict(source, row.schema, value),
            expected,
            `${source} ${JSON.stringify(value)}`,
          );
      }
    });
  }
});
