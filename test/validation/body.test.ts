import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { coercer, param } from './helpers.js';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const schemas: Record<string, JsonSchema> = {
  Address: {
    type: 'object',
    properties: { city: { type: 'string', minLength: 1 }, zip: { type: 'string', pattern: '^\\d{5}$' } },
    required: ['city'],
  },
  User: {
    type: 'object',
    properties: {
      name: { type: 'string', maxLength: 10 },
      age: { type: 'integer', minimum: 0 },
      email: { type: 'string', format: 'email' },
      address: ref('Address'),
      tags: { type: 'array', items: { type: 'string' }, maxItems: 2 },
      nickname: { type: ['string', 'null'] },
      manager: { anyOf: [ref('User'), { type: 'null' }] },
    },
    required: ['name', 'age'],
  },
  Cat: {
    type: 'object',
    properties: { kind: { type: 'string', const: 'cat' }, lives: { type: 'integer' } },
    required: ['kind', 'lives'],
  },
  Dog: {
    type: 'object',
    properties: { kind: { type: 'string', const: 'dog' }, barks: { type: 'boolean' } },
    required: ['kind', 'barks'],
  },
  Pet: { oneOf: [ref('Cat'), ref('Dog')], discriminator: { propertyName: 'kind' } },
  Shape: { oneOf: [ref('Circle'), ref('Square')] },
  Circle: { type: 'object', properties: { radius: { type: 'number' } }, required: ['radius'] },
  Square: { type: 'object', properties: { side: { type: 'number', minimum: 1 } }, required: ['side'] },
  Event: {
    type: 'object',
    properties: {
      at: { type: 'string', format: 'date-time', svc: { rich: 'Date' } },
      id: { type: 'integer', format: 'int64', svc: { rich: 'bigint' } },
      labels: { type: 'array', items: { type: 'string' }, uniqueItems: true, svc: { rich: 'Set' } },
      counts: { type: 'object', additionalProperties: { type: 'integer' }, svc: { rich: 'Map' } },
      history: { type: 'array', items: { type: 'string', format: 'date-time', svc: { rich: 'Date' } } },
      next: { anyOf: [ref('Event'), { type: 'null' }] },
      link: { type: 'string', format: 'uri', svc: { rich: 'URL' } },
    },
    required: ['at'],
  },
};

const body = (schema: JsonSchema, extra = {}, mode: 'keep' | 'strip' | 'reject' = 'keep') =>
  coercer(param('body', [], schema, extra), schemas, mode);

const bodyError = (name: string, message: string) => ({ in: 'body', name, message });

describe('body validation', () => {
  const user = body(ref('User'));
  it('a valid body arrives unchanged (no rich types → same object)', () => {
    const raw = { name: 'Ann', age: 3, address: { city: 'Oslo' }, nickname: null, manager: null };
    const { value, errors } = user(raw);
    assert.deepEqual(errors, []);
    assert.equal(value, raw);
  });
  it('reports every error with a JSON pointer and a clear message', () => {
    const { value, errors } = user({
      name: 'A very long name',
      age: -1.5,
      email: 'nope',
      address: { zip: '12' },
      tags: ['a', 'b', 3],
      manager: { age: 'x' },
    });
    assert.equal(value, undefined);
    assert.deepEqual(
      new Set(errors.map((error) => `${error.in} ${error.name}: ${error.message}`)),
      new Set([
        'body /name: must have at most 10 characters',
        'body /age: must be an integer',
        'body /age: must be >= 0',
        'body /email: must be a valid email',
        'body /address/city: is required',
        'body /address/zip: must match pattern "^\\d{5}$"',
        'body /tags: must have at most 2 items',
        'body /tags/2: must be a string',
        'body /manager/name: is required',
        'body /manager/age: must be an integer',
      ]),
    );
  });
  it('wrong top-level type names the whole body', () => {
    assert.deepEqual(user([1]).errors, [bodyError('', 'must be an object')]);
    assert.deepEqual(user('text').errors, [bodyError('', 'must be an object')]);
  });
  it('missing required body → is required; optional absent → undefined', () => {
    assert.deepEqual(user(undefined), { value: undefined, errors: [bodyError('', 'is required')] });
    assert.deepEqual(body(ref('User'), { required: false })(undefined), { value: undefined, errors: [] });
  });
  it('a key path names the full path', () => {
    const nested = coercer(param('body', ['data', 'user'], ref('User')), schemas);
    assert.deepEqual(nested(undefined).errors, [bodyError('/data/user', 'is required')]);
    assert.deepEqual(nested({ name: 'x' }).errors, [bodyError('/data/user/age', 'is required')]);
    const scalar = coercer(param('body', ['q'], { type: 'number' }), schemas);
    assert.deepEqual(scalar('1').errors, [bodyError('/q', 'must be a number')]);
    assert.equal(scalar(1).value, 1);
  });
});

describe('unions', () => {
  it('discriminated union: reports the errors of the tagged member only', () => {
    const pet = body(ref('Pet'));
    assert.deepEqual(pet({ kind: 'cat', lives: 9 }).errors, []);
    assert.deepEqual(pet({ kind: 'dog', barks: 'loud' }).errors, [bodyError('/barks', 'must be a boolean')]);
    assert.deepEqual(pet({ kind: 'cow' }).errors, [bodyError('/kind', 'must be one of: cat, dog')]);
    assert.deepEqual(pet({}).errors, [bodyError('/kind', 'is required')]);
    for (const notObject of [[], 5, 'x', null])
      assert.deepEqual(pet(notObject).errors, [bodyError('', 'must be an object')]);
  });
  it('undiscriminated union: reports the closest member', () => {
    const shape = body(ref('Shape'));
    assert.deepEqual(shape({ radius: 2 }).errors, []);
    assert.deepEqual(shape({ side: 0 }).errors, [bodyError('/side', 'must be >= 1')]);
    assert.deepEqual(shape(5).errors, [bodyError('', 'must be Circle or Square')]);
  });
  it('union of scalars', () => {
    const scalar = body({
      type: 'object',
      properties: { v: { oneOf: [{ type: 'string' }, { type: 'number' }] } },
    });
    assert.deepEqual(scalar({ v: 1 }).errors, []);
    assert.deepEqual(scalar({ v: true }).errors, [bodyError('/v', 'must be a string or a number')]);
  });
});

describe('tuples, records and null', () => {
  const pair = body({
    type: 'array',
    prefixItems: [{ type: 'string' }, { type: 'boolean' }],
    items: false,
    minItems: 2,
  });
  it('tuple: each element is checked by its position', () => {
    assert.deepEqual(pair(['a', true]).errors, []);
    assert.deepEqual(pair([true, 'a']).errors, [
      bodyError('/0', 'must be a string'),
      bodyError('/1', 'must be a boolean'),
    ]);
  });
  it('tuple: too few and too many elements', () => {
    assert.deepEqual(pair(['a']).errors, [bodyError('', 'must have at least 2 items')]);
    assert.deepEqual(pair(['a', true, 'b']).errors, [bodyError('', 'must have at most 2 items')]);
  });
  it('tuple with a rest element: the rest by `items`', () => {
    const rest = body({
      type: 'array',
      prefixItems: [{ type: 'string' }],
      items: { type: 'number' },
      minItems: 1,
    });
    assert.deepEqual(rest(['a', 1, 2]).errors, []);
    assert.deepEqual(rest(['a', 1, 'b']).errors, [bodyError('/2', 'must be a number')]);
    assert.deepEqual(rest([]).errors, [bodyError('', 'must have at least 1 item')]);
  });
  it('record: additionalProperties validated per key', () => {
    const record = body({ type: 'object', additionalProperties: { type: 'integer', minimum: 0 } });
    assert.deepEqual(record({ a: 1, b: 2 }).errors, []);
    assert.deepEqual(record({ a: 1, 'b/c': -1 }).errors, [bodyError('/b~1c', 'must be >= 0')]);
  });
  it('T | null: a type array, an enum with null, a literal with null, a reference in anyOf', () => {
    const holder = body({
      type: 'object',
      properties: {
        n: { type: ['number', 'null'] },
        e: { type: ['string', 'null'], enum: ['a', null] },
        l: { type: ['string', 'null'], enum: ['on', null] },
        r: { anyOf: [ref('Address'), { type: 'null' }] },
        z: { type: 'null' },
      },
    });
    assert.deepEqual(holder({ n: null, e: null, l: null, r: null, z: null }).errors, []);
    assert.deepEqual(holder({ n: 'x', e: 'b', l: 'off', r: {}, z: 0 }).errors, [
      bodyError('/n', 'must be a number or null'),
      bodyError('/e', 'must be one of: a, null'),
      bodyError('/l', 'must be one of: on, null'),
      bodyError('/r/city', 'is required'),
      bodyError('/z', 'must be null'),
    ]);
    assert.deepEqual(holder({ r: 5 }).errors, [bodyError('/r', 'must be Address or null')]);
  });
  it('a literal', () => {
    const literal = body({ type: 'string', const: 'on' });
    assert.deepEqual(literal('on').errors, []);
    assert.deepEqual(literal('off').errors, [bodyError('', 'must be "on"')]);
  });
  it('exclusive bounds (numbers, as JSON Schema 2020-12 says them)', () => {
    const bounded = body({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 });
    assert.deepEqual(bounded(0).errors, [bodyError('', 'must be > 0')]);
    assert.deepEqual(bounded(1).errors, [bodyError('', 'must be < 1')]);
    assert.deepEqual(bounded(0.1).errors, []);
  });
});

describe('rich types are revived', () => {
  const event = body(ref('Event'));
  it('Date, bigint, Set, Map and URL, through nested and recursive refs', () => {
    const { value, errors } = event({
      at: '2024-01-02T03:04:05.000Z',
      id: 42,
      labels: ['a', 'b'],
      counts: { x: 1 },
      history: ['2024-01-01T00:00:00Z'],
      next: { at: '2025-01-01T00:00:00Z', next: null },
      link: 'https://example.com/',
    });
    assert.deepEqual(errors, []);
    const revived = value as Record<string, any>;
    assert.ok(revived.at instanceof Date);
    assert.equal(revived.at.toISOString(), '2024-01-02T03:04:05.000Z');
    assert.equal(typeof revived.id, 'bigint');
    assert.equal(revived.id, 42n);
    assert.ok(revived.labels instanceof Set);
    assert.ok(revived.counts instanceof Map);
    assert.equal(revived.counts.get('x'), 1);
    assert.ok(revived.history[0] instanceof Date);
    assert.ok(revived.next.at instanceof Date);
    assert.equal(revived.next.next, null);
    assert.ok(revived.link instanceof URL);
  });
  it('invalid rich values are errors, not revived', () => {
    assert.deepEqual(event({ at: 'yesterday', id: 1.5 }).errors, [
      bodyError('/at', 'must be a valid date-time'),
      bodyError('/id', 'must be an integer'),
    ]);
  });
  it('revives inside a discriminated union member', () => {
    const local = {
      ...schemas,
      A: {
        type: 'object',
        properties: { t: { type: 'string', enum: ['a'] }, d: schemas.Event!.properties!.at! },
        required: ['t'],
      },
      B: { type: 'object', properties: { t: { type: 'string', enum: ['b'] } }, required: ['t'] },
    } as Record<string, JsonSchema>;
    const union = coercer(
      param('body', [], { oneOf: [ref('A'), ref('B')], discriminator: { propertyName: 't' } }),
      local,
    );
    const value = union({ t: 'a', d: '2024-01-01T00:00:00Z' }).value as { d: unknown };
    assert.ok(value.d instanceof Date);
  });
});

describe('integers, bigints, bytes and tuples of rich values', () => {
  const SAFE = { minimum: -9007199254740991, maximum: 9007199254740991 };
  const SAFE_MESSAGE =
    'must be an integer from -9007199254740991 to 9007199254740991 (larger ones lose precision)';
  it('an integer beyond the safe range the model bounds it by gets one error saying why', () => {
    const count = body({ type: 'object', properties: { n: { type: 'integer', ...SAFE } } });
    assert.deepEqual(count({ n: 9007199254740991 }).errors, []);
    assert.deepEqual(count({ n: 2 ** 60 }).errors, [bodyError('/n', SAFE_MESSAGE)]);
    assert.deepEqual(count({ n: -(2 ** 60) }).errors, [bodyError('/n', SAFE_MESSAGE)]);
  });
  it('a declared bound tighter than the safe range stays', () => {
    const small = body({ type: 'integer', minimum: -9007199254740991, maximum: 10 });
    assert.deepEqual(small(11).errors, [bodyError('', 'must be <= 10')]);
  });
  it('bigint | null takes null, digits and safe integers', () => {
    const id = body({ type: ['integer', 'null'], format: 'int64', svc: { rich: 'bigint' } });
    assert.deepEqual(id(null), { value: null, errors: [] });
    assert.deepEqual(id('123456789012345678901'), { value: 123456789012345678901n, errors: [] });
    assert.deepEqual(id(7), { value: 7n, errors: [] });
    assert.deepEqual(id(true).errors, [bodyError('', 'must be an integer or null')]);
  });
  it('bytes arrive as a Buffer from base64; other text is refused', () => {
    const file = body({
      type: 'object',
      properties: { data: { type: 'string', contentEncoding: 'base64', svc: { rich: 'bytes' } } },
    });
    const { value, errors } = file({ data: Buffer.from('hi').toString('base64') });
    assert.deepEqual(errors, []);
    assert.ok(Buffer.isBuffer((value as { data: unknown }).data));
    assert.equal(String((value as { data: Buffer }).data), 'hi');
    assert.deepEqual(file({ data: 'not base64!' }).errors, [bodyError('/data', 'must be a valid byte')]);
  });
  it('a tuple revives each element by its position, and its rest', () => {
    const at = { type: 'string', format: 'date-time', svc: { rich: 'Date' } } as const;
    const tuple = body({
      type: 'array',
      prefixItems: [{ type: 'string' }, at],
      items: { type: 'integer', format: 'int64', svc: { rich: 'bigint' } },
      minItems: 2,
    });
    const { value, errors } = tuple(['a', '2024-01-01T00:00:00Z', 5, '6']);
    assert.deepEqual(errors, []);
    const [label, date, ...rest] = value as unknown[];
    assert.equal(label, 'a');
    assert.ok(date instanceof Date);
    assert.deepEqual(rest, [5n, 6n]);
  });
});

describe('unknown properties', () => {
  const raw = () => ({ name: 'Ann', age: 1, extra: 1, address: { city: 'x', other: true } });
  it('keep (default) leaves them', () => {
    assert.deepEqual(body(ref('User'))(raw()).value, raw());
  });
  it('strip removes undeclared keys at every level', () => {
    const { value, errors } = body(ref('User'), {}, 'strip')(raw());
    assert.deepEqual(errors, []);
    assert.deepEqual(value, { name: 'Ann', age: 1, address: { city: 'x' } });
  });
  it('reject reports each unknown key', () => {
    assert.deepEqual(body(ref('User'), {}, 'reject')(raw()).errors, [
      bodyError('/extra', 'is not allowed'),
      bodyError('/address/other', 'is not allowed'),
    ]);
  });
  it('records (additionalProperties) are never stripped or rejected', () => {
    const record = { type: 'object' as const, additionalProperties: { type: 'number' as const } };
    assert.deepEqual(body(record, {}, 'reject')({ a: 1 }).errors, []);
    assert.deepEqual(body(record, {}, 'strip')({ a: 1 }).value, { a: 1 });
  });
});

describe('compiled validators are shared', () => {
  it('two parameters with the same $ref reuse one validator and stay independent', () => {
    const first = body(ref('Address'));
    const second = coercer(param('body', ['a'], ref('Address')), schemas);
    assert.deepEqual(first({}).errors, [bodyError('/city', 'is required')]);
    assert.deepEqual(second({}).errors, [bodyError('/a/city', 'is required')]);
  });
});
