/**
 * What reaches a handler, over a real socket: undeclared body keys are stripped by default, and
 * integers JSON cannot carry exactly are refused (never rounded), while a bigint takes its whole
 * range as a string of digits (in a body) or as digits (in a path, query or header).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { viaSocket } from '../runtime/helpers.js';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/wire/app', import.meta.url));
const served = serveFixture(root);

const SAFE_RANGE =
  'must be an integer from -9007199254740991 to 9007199254740991 (larger ones lose precision)';

/** A fresh connection per request, so no kept-alive socket can be closed under a request. */
async function post(path: string, body?: string, headers: Record<string, string> = {}) {
  const all = body === undefined ? headers : { 'content-type': 'application/json', ...headers };
  const reply = await viaSocket(served.base, { method: 'POST', url: path, headers: all, body });
  return { status: reply.status, text: reply.text };
}

function problemErrors(text: string): string[] {
  const problem = JSON.parse(text) as { errors?: { in: string; name: string; message: string }[] };
  return (problem.errors ?? []).map((error) => `${error.in} ${error.name}: ${error.message}`);
}

describe('unknown body properties (default strip)', () => {
  test('the handler receives exactly the declared keys', async () => {
    const reply = await post('/api/inputs/release', '{"title":"x","year":1999,"isAdmin":true,"id":"7"}');
    assert.equal(reply.status, 200);
    assert.equal(reply.text, '{"title":"x","year":1999}');
  });
});

describe('integers outside the safe range are a 400', () => {
  test('"year": 9007199254740993 in a body', async () => {
    const reply = await post('/api/inputs/release', '{"title":"x","year":9007199254740993}');
    assert.equal(reply.status, 400);
    assert.deepEqual(problemErrors(reply.text), [`body /year: ${SAFE_RANGE}`]);
  });

  test('the largest safe integer passes unchanged', async () => {
    const reply = await post('/api/inputs/release', '{"title":"x","year":9007199254740991}');
    assert.equal(reply.status, 200);
    assert.equal(reply.text, '{"title":"x","year":9007199254740991}');
  });

  test('an unsafe optional integer property, and 1e300', async () => {
    const reply = await post('/api/inputs/ledger', '{"id":"1","count":1e300}');
    assert.equal(reply.status, 400);
    assert.deepEqual(problemErrors(reply.text), [`body /count: ${SAFE_RANGE}`]);
  });

  test('in a path, a query and a header, each named', async () => {
    const big = '9007199254740993';
    const reply = await post(`/api/inputs/year/${big}?page=${big}`, undefined, { 'x-count': `-${big}` });
    assert.equal(reply.status, 400);
    assert.deepEqual(
      new Set(problemErrors(reply.text)),
      new Set([`path year: ${SAFE_RANGE}`, `query page: ${SAFE_RANGE}`, `header x-count: ${SAFE_RANGE}`]),
    );
    const ok = await post('/api/inputs/year/2024?page=2', undefined, { 'x-count': '-3' });
    assert.deepEqual(ok, { status: 200, text: '2024 2 -3' });
  });
});

describe('bigint inputs take the full range', () => {
  test('a body bigint as a string of digits beyond 2^53', async () => {
    const reply = await post('/api/inputs/ledger', '{"id":"123456789012345678901234567890"}');
    assert.deepEqual(reply, { status: 200, text: 'bigint 123456789012345678901234567890 undefined' });
  });

  test('a body bigint as a safe JSON number', async () => {
    const reply = await post('/api/inputs/ledger', '{"id":-42,"count":3}');
    assert.deepEqual(reply, { status: 200, text: 'bigint -42 3' });
  });

  test('a body bigint as a JSON number beyond 2^53 is a 400 asking for a string', async () => {
    const reply = await post('/api/inputs/ledger', '{"id":9007199254740993}');
    assert.equal(reply.status, 400);
    assert.deepEqual(problemErrors(reply.text), [
      'body /id: must be a string of digits beyond ±9007199254740991 (a JSON number that large loses precision)',
    ]);
  });

  test('a body bigint that is neither digits nor an integer', async () => {
    const reply = await post('/api/inputs/ledger', '{"id":"12a"}');
    assert.deepEqual(problemErrors(reply.text), ['body /id: must be an integer']);
  });

  test('path and query bigints beyond 2^53 as digits', async () => {
    const reply = await post('/api/inputs/big/123456789012345678901?at=-98765432109876543210');
    assert.deepEqual(reply, {
      status: 200,
      text: 'bigint 123456789012345678901 bigint -98765432109876543210',
    });
  });
});

describe('bytes inputs', () => {
  test('a Uint8Array body property arrives as bytes from its base64', async () => {
    const body = JSON.stringify({ name: 'a', bytes: Buffer.from([1, 2, 255]).toString('base64') });
    assert.deepEqual(await post('/api/inputs/upload', body), { status: 200, text: 'true 0102ff' });
  });

  test('text that is not base64 is a 400', async () => {
    const reply = await post('/api/inputs/upload', '{"name":"a","bytes":"not base64!"}');
    assert.equal(reply.status, 400);
    assert.deepEqual(problemErrors(reply.text), ['body /bytes: must be a valid byte']);
  });
});
