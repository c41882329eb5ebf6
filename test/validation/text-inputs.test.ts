import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { coercer, param, query } from './helpers.js';

const ok = (outcome: { value: unknown; errors: unknown[] }) => {
  assert.deepEqual(outcome.errors, []);
  return outcome.value;
};
const error = (message: string, name = 'q', location = 'query') => [{ in: location, name, message }];

describe('query numbers', () => {
  const run = query({ type: 'number' });
  it('coerces decimal and exponent forms to finite numbers', () => {
    for (const [text, expected] of [
      ['42', 42],
      ['-1.5', -1.5],
      ['.5', 0.5],
      ['1e3', 1000],
      ['+7', 7],
    ] as const) {
      const value = ok(run(text));
      assert.equal(typeof value, 'number');
      assert.equal(value, expected);
    }
  });
  it('rejects text that is not a finite number', () => {
    for (const text of ['', 'abc', '1e', '0x10', 'Infinity', 'NaN', '1,5', ' 1', '1e999']) {
      assert.deepEqual(run(text), { value: undefined, errors: error('must be a number') }, text);
    }
  });
  it('checks minimum, maximum, exclusive bounds and multipleOf', () => {
    const bounded = query({ type: 'number', minimum: 1, maximum: 10, multipleOf: 0.5 });
    assert.equal(ok(bounded('1')), 1);
    assert.deepEqual(bounded('0').errors, error('must be >= 1'));
    assert.deepEqual(bounded('11').errors, error('must be <= 10'));
    assert.deepEqual(bounded('2.2').errors, error('must be a multiple of 0.5'));
    const exclusive = query({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 });
    assert.deepEqual(exclusive('0').errors, error('must be > 0'));
    assert.deepEqual(exclusive('1').errors, error('must be < 1'));
    assert.equal(ok(exclusive('0.5')), 0.5);
  });
});

describe('query integers and bigints', () => {
  it('integer accepts whole numbers only', () => {
    const run = query({ type: 'integer' });
    assert.equal(ok(run('-12')), -12);
    for (const text of ['1.5', '1e3', '', 'x'])
      assert.deepEqual(run(text).errors, error('must be an integer'), text);
    // Digits JSON numbers cannot hold exactly: refused, never rounded.
    assert.deepEqual(
      run('99999999999999999999').errors,
      error('must be an integer from -9007199254740991 to 9007199254740991 (larger ones lose precision)'),
    );
  });
  it('the model bounds integers to the safe range: the message says why, once', () => {
    const run = query({ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 });
    assert.equal(ok(run('9007199254740991')), 9007199254740991);
    assert.deepEqual(
      run('9007199254740993').errors,
      error('must be an integer from -9007199254740991 to 9007199254740991 (larger ones lose precision)'),
    );
  });
  it('integer | null (a type array) takes "null"', () => {
    const run = query({ type: ['integer', 'null'], minimum: 1, maximum: 9007199254740991 });
    assert.equal(ok(run('null')), null);
    assert.equal(ok(run('3')), 3);
    assert.deepEqual(run('0').errors, error('must be >= 1'));
  });
  it('bigint (svc.rich) becomes a BigInt, bounds still apply', () => {
    const run = query({ type: 'integer', format: 'int64', svc: { rich: 'bigint' }, minimum: 0 });
    const value = ok(run('123456789012345678901234567890'));
    assert.equal(typeof value, 'bigint');
    assert.equal(value, 123456789012345678901234567890n);
    assert.deepEqual(run('-1').errors, error('must be >= 0'));
    assert.deepEqual(run('1.0').errors, error('must be an integer'));
  });
});

describe('query booleans', () => {
  const run = query({ type: 'boolean' });
  it('accepts true/false/1/0', () => {
    assert.equal(ok(run('true')), true);
    assert.equal(ok(run('1')), true);
    assert.equal(ok(run('false')), false);
    assert.equal(ok(run('0')), false);
  });
  it('rejects anything else', () => {
    for (const text of ['yes', 'TRUE', '', '2'])
      assert.deepEqual(run(text).errors, error('must be a boolean (true, false, 1 or 0)'));
  });
});

describe('query enums and literal unions', () => {
  it('string enum (named component) keeps the member', () => {
    const schemas = { Color: { type: 'string' as const, enum: ['red', 'green'] } };
    const run = query({ $ref: '#/components/schemas/Color' }, schemas);
    assert.equal(ok(run('green')), 'green');
    assert.deepEqual(run('blue').errors, error('must be one of: red, green'));
  });
  it('numeric enum yields the number', () => {
    const run = query({ type: 'integer', enum: [1, 2, 3] });
    const value = ok(run('2'));
    assert.equal(value, 2);
    assert.equal(typeof value, 'number');
    assert.deepEqual(run('4').errors, error('must be one of: 1, 2, 3'));
  });
  it('mixed literal union picks the member by its text', () => {
    const run = query({ enum: ['auto', 0, true] });
    assert.equal(ok(run('auto')), 'auto');
    assert.equal(ok(run('0')), 0);
    assert.equal(ok(run('true')), true);
  });
});

describe('query dates and URLs', () => {
  const run = query({ type: 'string', format: 'date-time', svc: { rich: 'Date' } });
  it('ISO 8601 becomes a Date', () => {
    const value = ok(run('2024-02-29T10:20:30.000Z'));
    assert.ok(value instanceof Date);
    assert.equal(value.toISOString(), '2024-02-29T10:20:30.000Z');
    assert.ok(ok(run('2024-03-01')) instanceof Date);
  });
  it('anything else is an error', () => {
    for (const text of ['yesterday', '1700000000000', '2024-13-45T00:00:00Z', '', 'March 1, 2024'])
      assert.deepEqual(run(text).errors, error('must be an ISO 8601 date-time'), text);
  });
  it('URL (svc.rich) becomes a URL', () => {
    const url = query({ type: 'string', format: 'uri', svc: { rich: 'URL' } });
    assert.ok(ok(url('https://example.com/a')) instanceof URL);
    assert.deepEqual(url('not a url').errors, error('must be a valid uri'));
  });
});

describe('query strings: constraints and formats', () => {
  it('minLength, maxLength (in code points) and pattern', () => {
    const run = query({ type: 'string', minLength: 2, maxLength: 3, pattern: '^[a-z😀]+$' });
    assert.equal(ok(run('abc')), 'abc');
    assert.equal(ok(run('😀😀😀')), '😀😀😀');
    assert.deepEqual(run('a').errors, error('must have at least 2 characters'));
    assert.deepEqual(run('abcd').errors, error('must have at most 3 characters'));
    assert.deepEqual(run('AB').errors, error('must match pattern "^[a-z😀]+$"'));
  });
  it('formats: email, uuid, date, ipv4, uri, date-time', () => {
    const cases: [string, string, string][] = [
      ['email', 'a@b.co', 'not-an-email'],
      ['uuid', '123e4567-e89b-12d3-a456-426614174000', '123'],
      ['date', '2024-02-29', '2023-02-29'],
      ['ipv4', '10.0.0.1', '300.1.1.1'],
      ['uri', 'https://x.org/p?q=1', 'no scheme'],
      ['date-time', '2024-01-01T00:00:00Z', '2024-01-01'],
    ];
    for (const [format, good, bad] of cases) {
      const run = query({ type: 'string', format });
      assert.equal(ok(run(good)), good, format);
      assert.deepEqual(run(bad).errors, error(`must be a valid ${format}`), format);
    }
  });
  it('unknown formats are not enforced', () => {
    assert.equal(ok(query({ type: 'string', format: 'color' })('anything')), 'anything');
  });
});

describe('query arrays', () => {
  const run = query({ type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 3 });
  it('repeated keys become items, each coerced', () => {
    assert.deepEqual(ok(run(['1', '2'])), [1, 2]);
  });
  it('a single value is a one-element array', () => {
    assert.deepEqual(ok(run('5')), [5]);
  });
  it('a bad item names its position', () => {
    assert.deepEqual(run(['1', 'x']).errors, error('item 2: must be an integer'));
  });
  it('minItems and maxItems', () => {
    assert.deepEqual(run(['1', '2', '3', '4']).errors, error('must have at most 3 items'));
    const two = query({ type: 'array', items: { type: 'string' }, minItems: 2 });
    assert.deepEqual(two('a').errors, error('must have at least 2 items'));
  });
  it('uniqueItems and Set', () => {
    const unique = query({ type: 'array', items: { type: 'string' }, uniqueItems: true });
    assert.deepEqual(unique(['a', 'a']).errors, error('must not contain duplicate items'));
    const set = query({ type: 'array', items: { type: 'string' }, uniqueItems: true, svc: { rich: 'Set' } });
    const value = ok(set(['a', 'b', 'a']));
    assert.ok(value instanceof Set);
    assert.deepEqual([...value], ['a', 'b']);
  });
  it('tuple items coerced by position, with fixed length', () => {
    const tuple = query({
      type: 'array',
      prefixItems: [{ type: 'number' }, { type: 'string' }],
      items: false,
      minItems: 2,
    });
    assert.deepEqual(ok(tuple(['1', 'x'])), [1, 'x']);
    assert.deepEqual(ok(tuple(['1', '2'])), [1, '2']);
    assert.deepEqual(tuple(['x', '1']).errors, error('item 1: must be a number'));
    assert.deepEqual(tuple(['1']).errors, error('must have at least 2 items'));
    assert.deepEqual(tuple(['1', 'x', 'y']).errors, error('must have at most 2 items'));
  });
  it('a tuple with a rest element coerces the rest by items', () => {
    const rest = query({
      type: 'array',
      prefixItems: [{ type: 'string' }],
      items: { type: 'integer' },
      minItems: 1,
    });
    assert.deepEqual(ok(rest(['a', '1', '2'])), ['a', 1, 2]);
    assert.deepEqual(rest(['a', 'b']).errors, error('item 2: must be an integer'));
  });
  it('enum items', () => {
    const tags = query({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } });
    assert.deepEqual(tags(['a', 'c']).errors, error('item 2: must be one of: a, b'));
  });
});

describe('presence, repetition, null and unions', () => {
  it('missing required → is required; absent optional → undefined, no error', () => {
    assert.deepEqual(query({ type: 'number' })(undefined), {
      value: undefined,
      errors: error('is required'),
    });
    assert.deepEqual(query({ type: 'number' }, {}, false)(undefined), { value: undefined, errors: [] });
  });
  it('a repeated key for a single-valued type is an error', () => {
    assert.deepEqual(
      query({ type: 'string' })(['a', 'b']).errors,
      error('must be a single value, not repeated'),
    );
    assert.equal(ok(query({ type: 'string' })(['a'])), 'a');
  });
  it('non-string types or null accept "null"', () => {
    assert.equal(ok(query({ type: ['number', 'null'] })('null')), null);
    assert.equal(ok(query({ type: ['string', 'null'] })('null')), 'null');
    assert.equal(ok(query({ type: ['boolean', 'null'] })('null')), null);
    const schemas = { Level: { type: 'integer' as const, enum: [1, 2] } };
    const ref = { $ref: '#/components/schemas/Level' };
    const orNull = query({ anyOf: [ref, { type: 'null' }] }, schemas);
    assert.equal(ok(orNull('null')), null);
    assert.equal(ok(orNull('2')), 2);
    assert.deepEqual(orNull('3').errors, error('must be one of: 1, 2'));
    const literal = query({ type: ['string', 'null'], enum: ['on', null] });
    assert.equal(ok(literal('on')), 'on');
  });
  it('a literal takes its own text only', () => {
    const run = query({ type: 'integer', const: 3 });
    assert.equal(ok(run('3')), 3);
    assert.deepEqual(run('4').errors, error('must be 3'));
  });
  it('oneOf of scalars tries members in order', () => {
    const run = query({ oneOf: [{ type: 'number' }, { type: 'boolean' }] });
    assert.equal(ok(run('3')), 3);
    assert.equal(ok(run('true')), true);
    assert.deepEqual(run('x').errors, error('must be a number or a boolean'));
  });
  it('an untyped schema passes the text through', () => {
    assert.equal(ok(query({})('raw')), 'raw');
  });
});

describe('other locations', () => {
  it('path params coerce and report in: path', () => {
    const run = coercer(param('path', 'id', { type: 'integer' }));
    assert.equal(ok(run('7')), 7);
    assert.deepEqual(run('x').errors, error('must be an integer', 'id', 'path'));
  });
  it('headers (lower-cased keys) coerce and report in: header', () => {
    const run = coercer(param('header', 'x-limit', { type: 'integer', maximum: 5 }));
    assert.equal(ok(run('5')), 5);
    assert.deepEqual(run('6').errors, error('must be <= 5', 'x-limit', 'header'));
    assert.deepEqual(run(undefined).errors, error('is required', 'x-limit', 'header'));
  });
  it('cookies coerce and report in: cookie', () => {
    const run = coercer(param('cookie', 'remember', { type: 'boolean' }, { required: false }));
    assert.equal(ok(run('1')), true);
    assert.equal(ok(run(undefined)), undefined);
    assert.deepEqual(
      run('maybe').errors,
      error('must be a boolean (true, false, 1 or 0)', 'remember', 'cookie'),
    );
  });
  it('data, ctx and messages pass through', () => {
    const thing = { a: 1 };
    for (const source of ['data', 'ctx', 'messages'] as const)
      assert.equal(ok(coercer(param(source, 'x', {}))(thing)), thing);
  });
});
