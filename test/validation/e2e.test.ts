/** Validation through a whole app (analyzer → model → runtime), over a real socket. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/validation/app', import.meta.url));
const served = serveFixture(root);

interface Problem {
  status: number;
  errors?: { in: string; name: string; message: string }[];
}

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const response = await fetch(served.base + path, init);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    json: (await response.json()) as any,
  };
}

async function expectProblem(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const reply = await send(method, path, body, headers);
  assert.equal(reply.status, 400, JSON.stringify(reply.json));
  assert.equal(reply.type, 'application/problem+json');
  const problem = reply.json as Problem;
  assert.equal(problem.status, 400);
  return new Set((problem.errors ?? []).map((error) => `${error.in} ${error.name}: ${error.message}`));
}

const SCALARS =
  '/api/checks/scalars/7?count=1.5&flag=1&color=red&priority=2&at=2024-01-01T00:00:00Z&big=99999999999999999999&tags=1&tags=2';

describe('text inputs end to end', () => {
  it('arrive coerced to their declared types', async () => {
    const reply = await send('GET', SCALARS, undefined, { 'x-level': 'info', cookie: 'session=abc' });
    assert.equal(reply.status, 200, JSON.stringify(reply.json));
    assert.deepEqual(reply.json, {
      id: '7',
      count: 1.5,
      flag: true,
      color: 'red',
      priority: 2,
      at: { date: '2024-01-01T00:00:00.000Z' },
      big: { bigint: '99999999999999999999' },
      tags: [1, 2],
      level: 'info',
      session: 'abc',
      optional: { undefined: true },
    });
  });
  it('every failing input is listed in one 400', async () => {
    const errors = await expectProblem(
      'GET',
      '/api/checks/scalars/7?count=abc&flag=maybe&color=blue&priority=9&at=soon&big=1.5&tags=x&optional=',
    );
    assert.deepEqual(
      errors,
      new Set([
        'query count: must be a number',
        'query flag: must be a boolean (true, false, 1 or 0)',
        'query color: must be one of: red, green',
        'query priority: must be one of: 1, 2',
        'query at: must be an ISO 8601 date-time',
        'query big: must be an integer',
        'query tags: item 1: must be a number',
        'header x-level: is required',
        'query optional: must be a number',
      ]),
    );
  });
  it('whole-object @Query() reports by property', async () => {
    const ok = await send('GET', '/api/checks/search?limit=5&sort=asc&since=2024-05-01');
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    assert.deepEqual(ok.json, { limit: 5, sort: 'asc', since: { date: '2024-05-01T00:00:00.000Z' } });
    assert.deepEqual(
      await expectProblem('GET', '/api/checks/search?sort=up'),
      new Set(['query limit: is required', 'query sort: must be one of: asc, desc']),
    );
  });
});

describe('bodies end to end', () => {
  it('a valid body is revived (Date) and passed on', async () => {
    const reply = await send('POST', '/api/checks/users', {
      name: 'Ann',
      age: 3,
      birthday: '2000-01-01T00:00:00Z',
    });
    assert.equal(reply.status, 200, JSON.stringify(reply.json));
    assert.deepEqual(reply.json, { name: 'Ann', age: 3, birthday: { date: '2000-01-01T00:00:00.000Z' } });
  });
  it('lists every body error by JSON pointer', async () => {
    const errors = await expectProblem('POST', '/api/checks/users', {
      name: 'far too long a name',
      age: 1.5,
      email: 'x',
      address: { zip: '1' },
      tags: ['a', 'b', 'c'],
      birthday: 'yesterday',
      color: 'blue',
      manager: { name: 'B' },
    });
    assert.deepEqual(
      errors,
      new Set([
        'body /name: must have at most 10 characters',
        'body /age: must be an integer',
        'body /email: must be a valid email',
        'body /address/city: is required',
        'body /address/zip: must match pattern "^\\d{5}$"',
        'body /tags: must have at most 2 items',
        'body /birthday: must be a valid date-time',
        'body /color: must be one of: red, green',
        'body /manager/age: is required',
      ]),
    );
  });
  it('a missing body is required', async () => {
    assert.deepEqual(await expectProblem('POST', '/api/checks/users'), new Set(['body : is required']));
  });
  it('discriminated unions report the tagged member', async () => {
    assert.equal((await send('POST', '/api/checks/pets', { kind: 'cat', lives: 9 })).status, 200);
    assert.deepEqual(
      await expectProblem('POST', '/api/checks/pets', { kind: 'dog', barks: 'yes' }),
      new Set(['body /barks: must be a boolean']),
    );
  });
  it('a tuple is checked by position: [string, boolean] refuses [true, "a"] naming /0', async () => {
    const ok = await send('POST', '/api/checks/pairs', ['a', true]);
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    assert.deepEqual(ok.json, ['a', true]);
    assert.deepEqual(
      await expectProblem('POST', '/api/checks/pairs', [true, 'a']),
      new Set(['body /0: must be a string', 'body /1: must be a boolean']),
    );
    assert.deepEqual(
      await expectProblem('POST', '/api/checks/pairs', ['a', true, false]),
      new Set(['body : must have at most 2 items']),
    );
  });
  it('a tuple with a rest element revives each element by its position', async () => {
    const entries = ['2024-01-01T00:00:00Z', '123456789012345678901', 7];
    const ok = await send('POST', '/api/checks/tallies', { count: 2, entries });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    assert.deepEqual(ok.json, {
      count: 2,
      entries: [{ date: '2024-01-01T00:00:00.000Z' }, { bigint: '123456789012345678901' }, { bigint: '7' }],
    });
  });
  it('an @isInt beyond the safe range gets one error that says why', async () => {
    assert.deepEqual(
      await expectProblem(
        'POST',
        '/api/checks/tallies',
        '{"count":9007199254740993,"entries":["2024-01-01"]}',
      ),
      new Set([
        'body /count: must be an integer from -9007199254740991 to 9007199254740991 (larger ones lose precision)',
        'body /entries/0: must be a valid date-time',
      ]),
    );
  });
  it('a body key path names the full pointer, alongside query errors', async () => {
    assert.deepEqual(
      await expectProblem('POST', '/api/checks/wrapped?dry=perhaps', { data: { user: { name: 'A' } } }),
      new Set(['body /data/user/age: is required', 'query dry: must be a boolean (true, false, 1 or 0)']),
    );
  });
});
