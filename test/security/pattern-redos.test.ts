/**
 * User `@pattern`s run with a length cap, so a pattern that backtracks exponentially
 * (`^(a+)+$`, flagged by the analyzer) cannot be made to block the event loop: a 31-character
 * adversarial value is refused before the regex runs, in a query and in a body alike.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { PATTERN_LENGTH_LIMIT } from '../../src/runtime/validation/pattern.js';
import { coercer, param, query } from '../validation/helpers.js';
import { problemErrors, send, startSecurityApp, type RunningApp } from './app.js';

const ADVERSARIAL = 'a'.repeat(30) + '!';
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
      'x-svc-pattern-limit': 12,
    };
    assert.deepEqual(query(schema)('a'.repeat(12)).errors, []);
    assert.deepEqual(query(schema)('a'.repeat(13)).errors, [{ in: 'query', name: 'q', message: TOO_LONG }]);
  });

  it('a short value that does not match still says so, in a query and a body', () => {
    const schema: JsonSchema = { type: 'string', pattern: '^(a+)+$', 'x-svc-pattern-limit': 12 };
    const message = 'must match pattern "^(a+)+$"';
    assert.deepEqual(query(schema)('aaa!').errors, [{ in: 'query', name: 'q', message }]);
    const body = coercer(param('body', [], { type: 'object', properties: { c: schema } }));
    assert.deepEqual(body({ c: 'aaa!' }).errors, [{ in: 'body', name: '/c', message }]);
  });
});

describe('^(a+)+$ against a 31-character adversarial value over a real socket', () => {
  let running: RunningApp;
  before(async () => (running = await startSecurityApp()));
  after(() => running.app.close());

  const inQuery = () => send(`${running.base}/api/security/code?code=${ADVERSARIAL}`);
  const inBody = () =>
    send(`${running.base}/api/security/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: ADVERSARIAL }),
    });

  it('in a query: a 400 naming code', async () => {
    assert.deepEqual(problemErrors(await inQuery()), [`query code: ${TOO_LONG}`]);
  });

  it('in a body: a 400 naming /code', async () => {
    assert.deepEqual(problemErrors(await inBody()), [`body /code: ${TOO_LONG}`]);
  });

  it('leaves the server free: concurrent requests are all answered', async () => {
    const replies = await Promise.all([
      inQuery(),
      inBody(),
      send(`${running.base}/api/security/limit?limit=3`),
      inQuery(),
    ]);
    assert.deepEqual(
      replies.map((reply) => reply.status),
      [400, 400, 200, 400],
    );
    assert.deepEqual(replies[2]?.json, { limit: 3 });
  });
});
