/**
 * Objects built from request text carry no prototype path. Query and cookie records never hold
 * a `__proto__`, `constructor` or `prototype` key (they count as absent), so a whole-object
 * `@Query()` is a plain object whose prototype stays `Object.prototype` in every
 * unknown-properties mode; a header named after an inherited property is only ever the
 * request's own value.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { problemErrors, send, startSecurityApp, type RunningApp, type UnknownMode } from './app.js';

const PLAIN = { prototype: 'Object.prototype', hasOwnProto: false };

for (const mode of ['keep', 'strip', 'reject'] as UnknownMode[]) {
  describe(`whole-object @Query() with unknownProperties '${mode}'`, () => {
    let running: RunningApp;
    before(async () => (running = await startSecurityApp(mode)));
    after(() => running.app.close());

    const filter = (query: string) => send(`${running.base}/api/security/filter?${query}`);

    it('?__proto__=a&__proto__=b leaves the prototype alone and adds no key', async () => {
      const reply = await filter('__proto__=a&__proto__=b&limit=2');
      assert.equal(reply.status, 200, JSON.stringify(reply.json));
      assert.deepEqual(reply.json, { ...PLAIN, keys: ['limit'] });
    });

    it('?constructor=x&prototype=y (also percent-encoded) are not copied onto the object', async () => {
      const reply = await filter('constructor=x&prototype=y&%5F%5Fproto%5F%5F=z&name=n');
      assert.equal(reply.status, 200, JSON.stringify(reply.json));
      assert.deepEqual(reply.json, { ...PLAIN, keys: ['name'] });
    });

    it('other undeclared keys still follow the mode', async () => {
      const reply = await filter('extra=1&limit=3');
      if (mode === 'reject') return assert.deepEqual(problemErrors(reply), ['query extra: is not allowed']);
      assert.equal(reply.status, 200, JSON.stringify(reply.json));
      assert.deepEqual(reply.json, { ...PLAIN, keys: mode === 'keep' ? ['limit', 'extra'] : ['limit'] });
    });
  });
}

describe('cookies and headers named after inherited properties', () => {
  let running: RunningApp;
  before(async () => (running = await startSecurityApp()));
  after(() => running.app.close());

  const cookies = (headers: Record<string, string>) =>
    send(`${running.base}/api/security/cookies`, { headers });

  it('cookies named __proto__, constructor or prototype are dropped from the record', async () => {
    const reply = await cookies({ cookie: '__proto__=x; constructor=c; prototype=p; session=abc' });
    assert.equal(reply.status, 200, JSON.stringify(reply.json));
    assert.equal(reply.json.session, 'abc');
    assert.equal(reply.json.ctor, null);
    assert.deepEqual(reply.json.cookies, { prototype: 'null', keys: ['session'], hasOwnProto: false });
  });

  it('an absent `constructor` header binds nothing, not Object', async () => {
    const reply = await cookies({ cookie: 'session=abc' });
    assert.equal(reply.status, 200, JSON.stringify(reply.json));
    assert.deepEqual([reply.json.ctor, reply.json.header], [null, null]);
  });

  it('a present `constructor` header binds its own value', async () => {
    const reply = await cookies({ constructor: 'h' });
    assert.equal(reply.status, 200, JSON.stringify(reply.json));
    assert.equal(reply.json.header, 'h');
  });
});
