/**
 * JSON bodies a client can make costly, over a real socket: a large invalid body, a number JSON
 * cannot hold, deep nesting, a bigint of a million digits. Each is a small 400 problem, nothing
 * is logged as a failure, and the process keeps serving.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/limits/app', import.meta.url));
const logged: string[] = [];
const served = serveFixture(root, { log: (line) => logged.push(line) });

interface Reply {
  status: number;
  type: string | null;
  /** The answer's length in characters. */
  length: number;
  /** Parsed JSON, or the text of a text answer. */
  json: any;
}

async function send(method: string, path: string, body?: string): Promise<Reply> {
  const init: RequestInit = { method };
  if (body !== undefined) Object.assign(init, { body, headers: { 'content-type': 'application/json' } });
  const response = await fetch(served.base + path, init);
  const text = await response.text();
  const type = response.headers.get('content-type');
  const json: unknown = type?.includes('json') ? JSON.parse(text) : text;
  return { status: response.status, type, length: text.length, json };
}

/** The problem without its per-request `instance`. */
function problemOf(reply: Reply): Record<string, unknown> {
  assert.equal(reply.type, 'application/problem+json', JSON.stringify(reply.json).slice(0, 500));
  const { instance, ...problem } = reply.json as { instance: string };
  assert.equal(typeof instance, 'string');
  return problem;
}

function validationProblem(names: string, errors: { name: string; message: string }[]) {
  return {
    type: 'urn:svc:error:SVC_ERR_VALIDATION',
    title: 'Bad Request',
    status: 400,
    detail: `Invalid request: ${names}.`,
    errors: errors.map((error) => ({ in: 'body', ...error })),
  };
}

const FIRST_ERROR_NOTE = 'may have more errors: a body of over 1000 values is checked up to its first error';

/** `[[[…]]]`: `depth` arrays, each the only item of the one around it. */
function nestedArrays(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** A `Tree` of `nodes` nodes, each the only child of the one above: 2 × nodes − 1 levels. */
function nestedTree(nodes: number): string {
  return '{"children":['.repeat(nodes - 1) + '{}' + ']}'.repeat(nodes - 1);
}

const TOO_DEEP = {
  type: 'urn:svc:error:SVC_ERR_BODY_TOO_DEEP',
  title: 'Bad Request',
  status: 400,
  detail: 'The request body nests arrays and objects more than 128 levels deep.',
};

describe('a large invalid body is answered with a short list', () => {
  it('500,000 wrong items of a string[]: the first error and a note, not 500,000 errors', async () => {
    const body = JSON.stringify({ tags: new Array(500_000).fill(1) });
    assert.ok(body.length > 1_000_000);
    const reply = await send('POST', '/api/limits/tags', body);
    assert.equal(reply.status, 400);
    assert.deepEqual(
      problemOf(reply),
      validationProblem("body '/tags/0', body", [
        { name: '/tags/0', message: 'must be a string' },
        { name: '', message: FIRST_ERROR_NOTE },
      ]),
    );
    assert.ok(reply.length < 1000, `a ${reply.length}-character answer`);
  });

  it('a record of 60,000 wrong values: the same', async () => {
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, 'x'])));
    const reply = await send('POST', '/api/limits/scores', body);
    assert.deepEqual(
      problemOf(reply),
      validationProblem("body '/k0', body", [
        { name: '/k0', message: 'must be a number' },
        { name: '', message: FIRST_ERROR_NOTE },
      ]),
    );
  });

  it('a small body with 25 wrong items: the first 20 and how many more', async () => {
    const reply = await send('POST', '/api/limits/tags', JSON.stringify({ tags: new Array(25).fill(1) }));
    const listed = Array.from({ length: 20 }, (_, i) => ({
      name: `/tags/${i}`,
      message: 'must be a string',
    }));
    const names = [...listed.map((error) => `body '${error.name}'`), 'body'].join(', ');
    assert.deepEqual(
      problemOf(reply),
      validationProblem(names, [
        ...listed,
        { name: '', message: 'has 5 more errors (the first 20 are listed)' },
      ]),
    );
  });

  it('a small body with 3 wrong items: all three, no note', async () => {
    const reply = await send('POST', '/api/limits/tags', JSON.stringify({ tags: ['a', 1, 'b', 2, 3] }));
    assert.deepEqual(
      problemOf(reply),
      validationProblem("body '/tags/1', body '/tags/3', body '/tags/4'", [
        { name: '/tags/1', message: 'must be a string' },
        { name: '/tags/3', message: 'must be a string' },
        { name: '/tags/4', message: 'must be a string' },
      ]),
    );
  });
});

describe('numbers JSON cannot hold', () => {
  for (const year of ['1e400', '-1e400']) {
    it(`${year} for a number is a 400, not a stored null`, async () => {
      const reply = await send('POST', '/api/limits/books', `{"title":"Dune","year":${year}}`);
      assert.deepEqual(
        problemOf(reply),
        validationProblem("body '/year'", [{ name: '/year', message: 'must be a number' }]),
      );
    });
  }

  it('a finite number still passes', async () => {
    const reply = await send('POST', '/api/limits/books', '{"title":"Dune","year":1.5e3}');
    assert.deepEqual([reply.status, reply.json], [200, { title: 'Dune', year: 1500 }]);
  });
});

describe('deep nesting', () => {
  it('a recursive type 5,000 nodes deep: 400 SVC_ERR_BODY_TOO_DEEP', async () => {
    const reply = await send('POST', '/api/limits/trees', nestedTree(5000));
    assert.equal(reply.status, 400);
    assert.deepEqual(problemOf(reply), TOO_DEEP);
  });

  it('an unknown body 20,000 levels deep, which the route echoes: the same 400', async () => {
    const reply = await send('POST', '/api/limits/echo', nestedArrays(20_000));
    assert.equal(reply.status, 400);
    assert.deepEqual(problemOf(reply), TOO_DEEP);
  });

  it('128 levels are accepted and 129 are not (each array and each object is a level)', async () => {
    const tree = await send('POST', '/api/limits/trees', nestedTree(64));
    assert.deepEqual([tree.status, tree.json], [200, 64]);
    const echo = await send('POST', '/api/limits/echo', nestedArrays(128));
    assert.deepEqual([echo.status, echo.json], [200, JSON.parse(nestedArrays(128))]);
    for (const [path, body] of [
      ['/api/limits/trees', nestedTree(65)],
      ['/api/limits/echo', nestedArrays(129)],
      ['/api/limits/echo', `{"a":${nestedArrays(128)}}`],
    ] as const)
      assert.deepEqual(problemOf(await send('POST', path, body)), TOO_DEEP, body.slice(0, 20));
  });
});

describe('bigint digits are bounded', () => {
  it('a 1,000,000-digit string is a 400 naming the bound', async () => {
    const reply = await send('POST', '/api/limits/ledgers', JSON.stringify({ id: '9'.repeat(1_000_000) }));
    assert.deepEqual(
      problemOf(reply),
      validationProblem("body '/id'", [{ name: '/id', message: 'must have at most 1000 digits' }]),
    );
  });

  it('1,000 digits pass and 1,001 do not, in a body and in a path', async () => {
    const digits = '9'.repeat(1000);
    const body = await send('POST', '/api/limits/ledgers', JSON.stringify({ id: `-${digits}` }));
    assert.deepEqual([body.status, body.json], [200, `-${digits}`]);
    const path = await send('GET', `/api/limits/ledgers/${digits}`);
    assert.deepEqual([path.status, path.json], [200, digits]);
    const longBody = await send('POST', '/api/limits/ledgers', JSON.stringify({ id: `${digits}9` }));
    assert.deepEqual(
      problemOf(longBody),
      validationProblem("body '/id'", [{ name: '/id', message: 'must have at most 1000 digits' }]),
    );
    const longPath = await send('GET', `/api/limits/ledgers/${digits}9`);
    assert.deepEqual(problemOf(longPath), {
      type: 'urn:svc:error:SVC_ERR_VALIDATION',
      title: 'Bad Request',
      status: 400,
      detail: "Invalid request: path 'id'.",
      errors: [{ in: 'path', name: 'id', message: 'must have at most 1000 digits' }],
    });
  });
});

describe('after all of it', () => {
  it('the process still serves, and logged no failure (only request lines)', async () => {
    const reply = await send('GET', '/api/limits/ping');
    assert.deepEqual([reply.status, reply.json], [200, 'pong']);
    assert.deepEqual(
      logged.filter((line) => !line.startsWith('{"time"')),
      [],
    );
  });
});
