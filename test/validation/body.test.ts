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
      nickname: { type: 'string', nullable: true },
      manager: { allOf: [ref('User')], nullable: true },
    },
    required: ['name', 'age'],
  },
  Cat: {
    type: 'object',
    properties: { kind: { type: 'string', enum: ['cat'] }, lives: { type: 'integer' } },
    required: ['kind', 'lives'],
  },
  Dog: {
    type: 'object',
    properties: { kind: { type: 'string', enum: ['dog'] }, barks: { type: 'boolean' } },
    required: ['kind', 'barks'],
  },
  Pet: { oneOf: [ref('Cat'), ref('Dog')], discriminator: { propertyName: 'kind' } },
  Shape: { oneOf: [ref('Circle'), ref('Square')] },
  Circle: { type: 'object', properties: { radius: { type: 'number' } }, required: ['radius'] },
  Square: { type: 'object', properties: { side: { type: 'number', minimum: 1 } }, required: ['side'] },
  Event: {
    type: 'object',
    properties: {
      at: { type: 'string', format: 'date-time', 'x-svc-type': 'Date' },
      id: { type: 'integer', format: 'int64', 'x-svc-type': 'bigint' },
      labels: { type: 'array', items: { type: 'string' }, uniqueItems: true, 'x-svc-type': 'Set' },
      counts: { type: 'object', additionalProperties: { type: 'integer' }, 'x-svc-type': 'Map' },
      history: { type: 'array', items: { type: 'string', format: 'date-time', 'x-svc-type': 'Date' } },
      next: { allOf: [ref('Event')], nullable: true },
      link: { type: 'string', format: 'uri', 'x-svc-type': 'URL' },
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

describe('tuples, records and nullable', () => {
  it('tuple: items oneOf with fixed length', () => {
    const tuple = body({
      type: 'array',
      items: { oneOf: [{ type: 'string' }, { type: 'number' }] },
      minItems: 2,
      maxItems: 2,
    });
    assert.deepEqual(tuple(['a', 1]).errors, []);
    assert.deepEqual(tuple(['a']).errors, [bodyError('', 'must have at least 2 items')]);
    assert.deepEqual(tuple(['a', 1, 2]).errors, [bodyError('', 'must have at most 2 items')]);
  });
  it('record: additionalProperties validated per key', () => {
    const record = body({ type: 'object', additionalProperties: { type: 'integer', minimum: 0 } });
    assert.deepEqual(record({ a: 1, b: 2 }).errors, []);
    assert.deepEqual(record({ a: 1, 'b/c': -1 }).errors, [bodyError('/b~1c', 'must be >= 0')]);
  });
  it('nullable scalar, enum and ref', () => {
    const holder = body({
      type: 'object',
      properties: {
        n: { type: 'number', nullable: true },
        e: { type: 'string', enum: ['a'], nullable: true },
        r: { allOf: [ref('Address')], nullable: true },
      },
    });
    assert.deepEqual(holder({ n: null, e: null, r: null }).errors, []);
    assert.deepEqual(holder({ n: 'x', e: 'b', r: {} }).errors, [
      bodyError('/n', 'must be a number or null'),
      bodyError('/e', 'must be one of: a, null'),
      bodyError('/r/city', 'is required'),
    ]);
  });
  it('exclusive bounds (OpenAPI booleans)', () => {
    const bounded = body({ type: 'number', minimum: 0, exclusiveMinimum: true });
    assert.deepEqual(bounded(0).errors, [bodyError('', 'must be > 0')]);
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
