/**
 * Dev mode against production mode on one fixture app: the response check warns (dev only) and
 * 500 bodies show the stack (dev only). Each mode is checked through a socket and inject.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type SvcApp } from '../../src/testing/index.js';
import { both, json } from './helpers.js';

const root = fileURLToPath(new URL('../fixtures/runtime/dev-mode', import.meta.url));

interface Running {
  app: SvcApp;
  base: string;
  logs: string[];
}

async function start(dev: boolean): Promise<Running> {
  const logs: string[] = [];
  const app = await createTestApp({ root, dev, log: (line) => logs.push(line), requestLog: false });
  const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base: url, logs };
}

const WARNING =
  'svc: warning: GET /api/shapes/wrong (ShapesController.wrong) returned a value that does not match its declared type: /id must be a number';

describe('dev mode', () => {
  let dev: Running;
  before(async () => (dev = await start(true)));
  after(() => dev.app.close());

  it('logs a mismatching response as a warning naming the route, once, and still sends it', async () => {
    for (let i = 0; i < 2; i++) {
      await both(dev.app, dev.base, { method: 'GET', url: '/api/shapes/wrong' }, (reply) => {
        assert.equal(reply.status, 200);
        assert.deepEqual(json(reply), { id: 'x' });
      });
    }
    assert.deepEqual(
      dev.logs.filter((line) => line.includes('warning')),
      [WARNING],
    );
  });

  it('logs nothing for a response that matches', async () => {
    const before = dev.logs.length;
    await both(dev.app, dev.base, { method: 'GET', url: '/api/shapes/right' }, (reply) => {
      assert.deepEqual(json(reply), { id: 1 });
    });
    assert.equal(dev.logs.length, before);
  });

  it('answers an unexpected throw with a 500 whose body holds the message and the stack', async () => {
    await both(dev.app, dev.base, { method: 'GET', url: '/api/shapes/boom' }, (reply) => {
      assert.equal(reply.status, 500);
      assert.equal(reply.headers['content-type'], 'application/problem+json');
      const body = json(reply) as { status: number; detail: string; stack: string };
      assert.equal(body.status, 500);
      assert.equal(body.detail, 'kaboom');
      assert.match(body.stack, /^Error: kaboom\n\s+at /);
    });
  });
});

describe('production mode', () => {
  let prod: Running;
  before(async () => (prod = await start(false)));
  after(() => prod.app.close());

  it('does not check responses', async () => {
    await both(prod.app, prod.base, { method: 'GET', url: '/api/shapes/wrong' }, (reply) => {
      assert.equal(reply.status, 200);
      assert.deepEqual(json(reply), { id: 'x' });
    });
    assert.deepEqual(prod.logs, []);
  });

  it('answers an unexpected throw with a 500 that shows no stack and no message', async () => {
    await both(prod.app, prod.base, { method: 'GET', url: '/api/shapes/boom' }, (reply) => {
      assert.equal(reply.status, 500);
      assert.doesNotMatch(reply.text, /kaboom|stack|\bat /);
      const body = json(reply) as Record<string, unknown>;
      assert.equal(body.status, 500);
      assert.equal(body.stack, undefined);
    });
    // The error is logged for the operator, with its stack, once per request.
    assert.equal(
      prod.logs.filter((line) => line.includes('ShapesController.boom threw: Error: kaboom')).length,
      2,
    );
  });
});
