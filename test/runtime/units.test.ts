/** Small pure pieces of the request path: JSON in and out, cookies, problems. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { internalProblem, frameworkProblem, httpErrorProblem } from '../../src/runtime/errors/problem.js';
import { HttpError, NotFoundError } from '../../src/runtime/errors/http-error.js';
import { parseCookies } from '../../src/runtime/http/cookies.js';
import { parseJsonSafely } from '../../src/runtime/http/secure-json.js';
import { stringifyRich } from '../../src/runtime/response/json.js';
import { chooseSerializer } from '../../src/runtime/response/choose-serializer.js';

test('stringifyRich handles Map, Set, bigint and Date at any depth, like JSON.stringify otherwise', () => {
  const value = {
    a: [new Map([['k', new Set([1n, 2n])]])],
    d: new Date(0),
    u: undefined,
    f: () => 1,
    n: NaN,
  };
  assert.equal(stringifyRich(value), '{"a":[{"k":[1,2]}],"d":"1970-01-01T00:00:00.000Z","n":null}');
  const plain = { s: 'x"y', list: [1, null, undefined, true], nested: { deep: 'é' } };
  assert.equal(stringifyRich(plain), JSON.stringify(plain));
});

test('chooseSerializer compiles the declared type, and keeps the general writer for an untyped route', () => {
  const typed = chooseSerializer({ type: 'object', properties: { a: { type: 'string' } } }, {});
  assert.equal(typed({ a: 'x', b: 1 }), '{"a":"x"}');
  const big = chooseSerializer(
    { $ref: '#/components/schemas/P' },
    { P: { type: 'integer', svc: { rich: 'bigint' } } },
  );
  assert.equal(big(12345678901234567890n), '12345678901234567890');
  assert.equal(chooseSerializer(undefined, {}), stringifyRich);
});

test('parseJsonSafely drops __proto__ and constructor.prototype keys, keeps the rest', () => {
  const parsed = parseJsonSafely(
    '{"a":{"__proto__":{"x":1},"b":[{"constructor":{"prototype":{"y":1}}}]},"constructor":"ok"}',
  );
  assert.deepEqual(parsed, { a: { b: [{}] }, constructor: 'ok' });
  assert.equal(({} as Record<string, unknown>).x, undefined);
  assert.throws(() => parseJsonSafely('{'), SyntaxError);
});

test('parseCookies: first occurrence wins, quotes and escapes are undone, junk is skipped', () => {
  const cookies = parseCookies('a=1; b="two"; a=3; junk; c=%E2%9C%93; d=%zz; __proto__=x');
  assert.equal(cookies.a, '1');
  assert.equal(cookies.b, 'two');
  assert.equal(cookies.c, '✓');
  assert.equal(cookies.d, '%zz');
  assert.equal(Object.getPrototypeOf(cookies), null);
});

test('problems: framework, user HttpError, and 500 with the stack only in dev mode', () => {
  assert.deepEqual(frameworkProblem('SVC_ERR_NOT_FOUND', 'nope'), {
    type: 'urn:svc:error:SVC_ERR_NOT_FOUND',
    title: 'Not Found',
    status: 404,
    detail: 'nope',
  });
  assert.deepEqual(httpErrorProblem(new NotFoundError('gone')), {
    type: 'about:blank',
    title: 'Not Found',
    status: 404,
    detail: 'gone',
  });
  assert.deepEqual(httpErrorProblem(new HttpError(409, 'taken', { id: 1 })).details, { id: 1 });
  const error = new Error('inner');
  assert.equal(internalProblem(error, false).stack, undefined);
  assert.equal(internalProblem(error, false).detail, 'An unexpected error occurred.');
  assert.equal(internalProblem(error, true).stack, error.stack);
});
