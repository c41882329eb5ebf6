/**
 * The length caps around user `@pattern`s. Patterns run on a linear-time engine, so `^(a+)+$`
 * answers an adversarial value at once; a pattern that engine cannot run (a backreference) stays
 * on JavaScript's backtracking RegExp, and never sees more than 12 characters, marked or not.
 * test/security/pattern-linear.test.ts has the finding's pattern over a real socket.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { PATTERN_LENGTH_LIMIT } from '../../src/runtime/validation/pattern.js';
import { coercer, param, query } from '../validation/helpers.js';
import { problemErrors, send, startSecurityApp, type RunningApp } from './app.js';

const ADVERSARIAL = 'a'.repeat(30) + '!';
const LONGER = 'a'.repeat(59) + '!';
const TOO_LONG = 'is too long to check against its pattern';

describe('the pattern length cap', () => {
  it('without maxLength, a value over the default cap fails before the regex runs', () => {
    const run = query({ type: 'string', pattern: '^a+$' });
    assert.deepEqual(run('a'.repeat(PATTERN_LENGTH_LIMIT)).errors, []);
    assert.deepEqual(run('a'.repeat(PATTERN_LENGTH_LIMIT + 1)).errors, [
      { in: 'query', name: 'q', message: TOO_LONG },
    ]);
  });

  it('with maxLength, only maxLength reports a longer value', () => {
    const schema: JsonSchema = { type: 'string', pattern: '^a+$', maxLength: 5 };
    assert.deepEqual(query(schema)('bbbbbbb').errors, [
      { in: 'query', name: 'q', message: 'must have at most 5 characters' },
    ]);
    const body = coercer(param('body', [], { type: 'object', properties: { c: schema } }));
    assert.deepEqual(body({ c: 'bbbbbbb' }).errors, [
      { in: 'body', name: '/c', message: 'must have at most 5 characters' },
    ]);
  });

  it('a flagged pattern is capped at its limit even under a larger maxLength', () => {
    const schema: JsonSchema = {
      type: 'string',
      pattern: '^(a+)+$',
      maxLength: 100,
      svc: { patternLimit: 12 },
    };
    assert.deepEqual(query(schema)('a'.repeat(12)).errors, []);
    assert.deepEqual(query(schema)('a'.repeat(13)).errors, [{ in: 'query', name: 'q', message: TOO_LONG }]);
  });

  it('a pattern RegExp must run (a backreference) is capped at 12 characters, marked or not', () => {
    const schema: JsonSchema = { type: 'string', pattern: '^(a)a*\\1$', maxLength: 100 };
    assert.deepEqual(query(schema)('a'.repeat(12)).errors, []);
    assert.deepEqual(query(schema)('a'.repeat(13)).errors, [{ in: 'query', name: 'q', message: TOO_LONG }]);
    const body = coercer(param('body', [], { type: 'object', properties: { c: schema } }));
    assert.deepEqual(body({ c: 'a'.repeat(13) }).errors, [{ in: 'body', name: '/c', message: TOO_LONG }]);
  });

  it('a short value that does not match still says so, in a query and a body', () => {
    const schema: JsonSchema = { type: 'string', pattern: '^(a+)+$', svc: { patternLimit: 12 } };
    const message = 'must match pattern "^(a+)+$"';
    assert.deepEqual(query(schema)('aaa!').errors, [{ in: 'query', name: 'q', message }]);
    const body = coercer(param('body', [], { type: 'object', properties: { c: schema } }));
    assert.deepEqual(body({ c: 'aaa!' }).errors, [{ in: 'body', name: '/c', message }]);
  });
});

describe('^(a+)+$ against adversarial values over a real socket', () => {
  let running: RunningApp;
  before(async () => (running = await startSecurityApp()));
  after(() => running.app.close());

  const MISMATCH = 'must match pattern "^(a+)+$"';
  const inQuery = (value: string) => send(`${running.base}/api/security/code?code=${value}`);
  const inBody = (value: string) =>
    send(`${running.base}/api/security/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: value }),
    });

  it('in a query: a 400 naming code, for 31 and 60 characters', async () => {
    assert.deepEqual(problemErrors(await inQuery(ADVERSARIAL)), [`query code: ${MISMATCH}`]);
    assert.deepEqual(problemErrors(await inQuery(LONGER)), [`query code: ${MISMATCH}`]);
  });

  it('in a body: a 400 naming /code, for 31 and 60 characters', async () => {
    assert.deepEqual(problemErrors(await inBody(ADVERSARIAL)), [`body /code: ${MISMATCH}`]);
    assert.deepEqual(problemErrors(await inBody(LONGER)), [`body /code: ${MISMATCH}`]);
  });

  it('leaves the server free: concurrent requests are all answered', async () => {
    const replies = await Promise.all([
      inQuery(LONGER),
      inBody(LONGER),
      send(`${running.base}/api/security/limit?limit=3`),
      inQuery('a'.repeat(40)),
    ]);
    assert.deepEqual(
      replies.map((reply) => reply.status),
      [400, 400, 200, 200],
    );
    assert.deepEqual(replies[2]?.json, { limit: 3 });
    assert.deepEqual(replies[3]?.json, { code: 'a'.repeat(40) });
  });
});
