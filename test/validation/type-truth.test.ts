/**
 * The type rules that keep a schema from accepting more than its type (docs/openapi.md, "Never
 * more than the type"), enforced over a real socket, and the 400's wording (docs/validation.md).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/validation/truth-app', import.meta.url));
const served = serveFixture(root);

interface Reply {
  status: number;
  type: string | null;
  body: any;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await fetch(`${served.base}/api/truth/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const type = response.headers.get('content-type');
  return { status: response.status, type, body: type?.includes('json') ? JSON.parse(text) : text };
}

/** The 400's `detail` and its errors as `in name: message` lines. */
async function problem(path: string, body: unknown): Promise<{ detail: string; errors: string[] }> {
  const reply = await post(path, body);
  assert.equal(reply.status, 400, JSON.stringify(reply.body));
  assert.equal(reply.type, 'application/problem+json');
  const errors = (reply.body.errors as { in: string; name: string; message: string }[]).map(
    (error) => `${[error.in, error.name].filter(Boolean).join(' ')}: ${error.message}`,
  );
  return { detail: reply.body.detail, errors };
}

const PAYMENT = { amount: 5, currency: 'EUR', cleared: null };

describe('discriminated unions', () => {
  for (const route of ['events', 'named-events']) {
    it(`${route}: the tag chooses the member, and its errors are the only ones`, async () => {
      assert.deepEqual(await problem(route, { kind: 'deleted', at: 'x' }), {
        detail: "Invalid request: body '/at'.",
        errors: ['body /at: must be a valid date-time'],
      });
      assert.deepEqual((await problem(route, { kind: 'created' })).errors, ['body /taskId: is required']);
      assert.deepEqual((await problem(route, { kind: 'moved' })).errors, [
        'body /kind: must be one of: created, deleted',
      ]);
      assert.deepEqual((await problem(route, { at: '2024-01-01T00:00:00Z' })).errors, [
        'body /kind: is required',
      ]);
    });
    it(`${route}: a valid member arrives`, async () => {
      const reply = await post(route, { kind: 'created', taskId: 't1' });
      assert.equal(reply.status, 200);
      assert.deepEqual(reply.body, { kind: 'created', taskId: 't1' });
    });
  }
});

describe('schemas accept only what the type accepts', () => {
  it('a property typed `null` takes null and nothing else', async () => {
    assert.equal((await post('payments', PAYMENT)).status, 200);
    assert.deepEqual((await problem('payments', { ...PAYMENT, cleared: 'yes' })).errors, [
      'body /cleared: must be null',
    ]);
  });
  it("an alias's @pattern is checked in a body and in a query", async () => {
    assert.deepEqual((await problem('payments', { ...PAYMENT, currency: 'euro' })).errors, [
      'body /currency: must match pattern "^[A-Z]{3}$"',
    ]);
    const reply = await post('payments?convertTo=usd', PAYMENT);
    assert.equal(reply.status, 400);
    assert.deepEqual(reply.body.errors, [
      { in: 'query', name: 'convertTo', message: 'must match pattern "^[A-Z]{3}$"' },
    ]);
    assert.equal((await post('payments?convertTo=USD', PAYMENT)).body.convertTo, 'USD');
  });
  it("an alias's @pattern on an array's elements is checked on each", async () => {
    const reply = await post('payments?alsoTo=USD&alsoTo=eu', PAYMENT);
    assert.equal(reply.status, 400);
    assert.deepEqual(reply.body.errors, [
      { in: 'query', name: 'alsoTo', message: 'item 2: must match pattern "^[A-Z]{3}$"' },
    ]);
    assert.deepEqual((await post('payments?alsoTo=USD&alsoTo=GBP', PAYMENT)).body.alsoTo, ['USD', 'GBP']);
  });
  it('Record keys must match the key type: template literal or alias pattern', async () => {
    const valid = { ...PAYMENT, extras: { 'x-note': 'a' }, rates: { USD: 1.1 } };
    assert.deepEqual((await post('payments', valid)).body.payment, valid);
    assert.deepEqual(
      (await problem('payments', { ...PAYMENT, extras: { note: 'a' }, rates: { usd: 1 } })).errors,
      [
        'body /extras/note: is not an allowed key: keys must match pattern "^x-.*$"',
        'body /rates/usd: is not an allowed key: keys must match pattern "^[A-Z]{3}$"',
      ],
    );
  });
  it("`'low' | 'high' | (string & {})` accepts a listed value and any other string", async () => {
    for (const level of ['low', 'urgent']) {
      const reply = await post('payments', { ...PAYMENT, level });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.equal(reply.body.payment.level, level);
    }
  });
  it('an open literal union as a query value takes a listed value and any other string', async () => {
    assert.equal((await post('tags?tier=gold', [])).body, 'gold');
    assert.equal((await post('tags?tier=bronze', [])).body, 'bronze');
  });
  it('never and void properties (also Envelope<void>) hold nothing: what a client sends there is dropped', async () => {
    const reply = await post('envelope', { status: 'ok', data: { any: 'thing' }, legacy: 1 });
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body, { status: 'ok' });
  });
  it('an interface extending Array<string> is an array', async () => {
    assert.equal((await post('tags', ['a', 'b'])).body, 2);
    assert.deepEqual((await problem('tags', { length: 1 })).errors, ['body: must be an array']);
  });
});

describe('the 400 wording', () => {
  it('a union without a tag names each kind it accepts once', async () => {
    assert.deepEqual((await problem('either', 5)).errors, ['body: must be an object']);
    assert.deepEqual((await problem('either', { id: 'x' })).errors, ['body /id: must be a number']);
  });

  it('detail names each failing input once; counts agree with their noun', async () => {
    assert.deepEqual(await problem('tasks', { priority: '', title: 'a' }), {
      detail: "Invalid request: body '/priority', body '/title'.",
      errors: [
        'body /priority: must have at least 1 character',
        'body /title: must have at least 2 characters',
      ],
    });
    assert.deepEqual((await problem('tasks', { priority: 'ab', title: 'ok' })).errors, [
      'body /priority: must have at most 1 character',
    ]);
  });
});

describe('header parameters', () => {
  it('are matched whatever the case the client sends', async () => {
    const reply = await post('request-id', {}, { 'x-REQUEST-id': 'r-1' });
    assert.equal(reply.status, 200);
    assert.equal(reply.body, 'r-1');
  });
});
