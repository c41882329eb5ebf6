/**
 * The compiled pipeline runs a route's steps synchronously until one returns a promise: a route
 * of synchronous steps has answered when `handle` returns; an async step hands the rest over to
 * the async driver; every failure, sync or async, still reaches the catchers or the default answer.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { test } from 'node:test';
import { decodePathParams } from '../../src/runtime/http/decode-path.js';
import { Exchange } from '../../src/runtime/http/exchange.js';
import { emptyChain, type Chain } from '../../src/runtime/lifecycle/build-chain.js';
import type { ComponentStep } from '../../src/runtime/lifecycle/component-step.js';
import { compilePipeline, type RoutePlan } from '../../src/runtime/lifecycle/pipeline.js';
import { stringifyRich } from '../../src/runtime/response/json.js';
import { GuardResult, MiddlewareResult } from '../../src/runtime/results.js';

interface Written {
  status?: number;
  headers?: Record<string, unknown>;
  body?: string;
}

function exchange(): { ex: Exchange; written: Written } {
  const written: Written = {};
  const res = {
    headersSent: false,
    writableEnded: false,
    writeHead(status: number, headers: Record<string, unknown>) {
      written.status = status;
      written.headers = headers;
      this.headersSent = true;
    },
    end(body?: string) {
      written.body = body === undefined ? '' : String(body);
      this.writableEnded = true;
    },
    destroy() {},
  };
  const req = { headers: {} } as IncomingMessage;
  return { ex: new Exchange(req, res as unknown as ServerResponse, 'GET', '/x'), written };
}

function step(
  role: ComponentStep['role'],
  run: (ex: Exchange) => unknown,
  catches?: ComponentStep['catches'],
): ComponentStep {
  return { role, label: `Test.${role}`, catches, statusCode: undefined, params: [], run };
}

function plan(
  steps: Partial<Chain>,
  invokeHandler: (ex: Exchange) => unknown,
  log: string[] = [],
): RoutePlan {
  const chain: Chain = { ...emptyChain(), ...steps };
  chain.all = [
    ...chain.middleware,
    ...chain.guard,
    ...chain.preInterceptor,
    ...chain.postInterceptor,
    ...chain.catchers,
  ];
  return {
    label: 'Test.route',
    kind: 'http',
    status: 200,
    headerList: [],
    headers: undefined,
    needsContext: chain.all.length > 0,
    bodyTiming: 'never',
    chain,
    invokeHandler,
    serialize: stringifyRich,
    finish: undefined,
    inspect: undefined,
    settings: { bodyLimit: 1024, dev: false, log: (line) => log.push(line) },
  };
}

test('a route of synchronous steps has answered when handle returns (no promise)', () => {
  const order: string[] = [];
  const handle = compilePipeline(
    plan(
      {
        middleware: [step('middleware', () => order.push('middleware'))],
        guard: [step('guard', () => (order.push('guard'), GuardResult.pass()))],
        postInterceptor: [step('postInterceptor', (ex) => void (ex.context!.response.status = 201))],
      },
      () => (order.push('handler'), { ok: true }),
    ),
  );
  const { ex, written } = exchange();
  assert.equal(handle(ex), undefined);
  assert.deepEqual(order, ['middleware', 'guard', 'handler']);
  assert.equal(written.status, 201);
  assert.equal(written.body, '{"ok":true}');
});

test('an async step hands the rest to the async driver; later steps run after it', async () => {
  const order: string[] = [];
  const handle = compilePipeline(
    plan(
      {
        guard: [
          step('guard', async () => (order.push('async guard'), GuardResult.pass())),
          step('guard', () => (order.push('sync guard'), GuardResult.pass())),
        ],
      },
      () => (order.push('handler'), 'done'),
    ),
  );
  const { ex, written } = exchange();
  const running = handle(ex);
  assert.ok(running instanceof Promise);
  assert.deepEqual(order, ['async guard']);
  await running;
  assert.deepEqual(order, ['async guard', 'sync guard', 'handler']);
  assert.equal(written.body, 'done');
});

test('a thenable that is not a Promise is awaited like one (a stop through a thenable)', async () => {
  const stop = MiddlewareResult.stop({ statusCode: 202, body: 'stopped' });
  const thenable = { then: (resolve: (value: unknown) => void) => resolve(stop) };
  let handled = false;
  const handle = compilePipeline(
    plan({ middleware: [step('middleware', () => thenable)] }, () => (handled = true)),
  );
  const { ex, written } = exchange();
  await handle(ex);
  assert.equal(handled, false);
  assert.equal(written.status, 202);
  assert.equal(written.body, 'stopped');
});

test('a synchronous throw after an async step reaches the catcher', async () => {
  class Boom extends Error {}
  const handle = compilePipeline(
    plan(
      {
        middleware: [step('middleware', async () => undefined)],
        guard: [
          step('guard', () => {
            throw new Boom('no');
          }),
        ],
        catchers: [step('catch', (ex) => ({ caught: (ex.context!.error as Error).message }), Boom)],
      },
      () => 'never',
    ),
  );
  const { ex, written } = exchange();
  await handle(ex);
  assert.equal(written.status, 500);
  assert.equal(written.body, '{"caught":"no"}');
});

test('a synchronous throw with no catcher gets the default answer at once', async () => {
  const log: string[] = [];
  const handle = compilePipeline(
    plan(
      {},
      () => {
        throw new Error('handler broke');
      },
      log,
    ),
  );
  const { ex, written } = exchange();
  const running = handle(ex);
  assert.equal(written.status, 500);
  assert.match(written.headers?.['content-type'] as string, /problem\+json/);
  assert.equal(log.length, 1);
  await running;
});

test('an async rejection gets the default answer and handle still resolves', async () => {
  const handle = compilePipeline(plan({}, () => Promise.reject(new Error('later'))));
  const { ex, written } = exchange();
  await assert.doesNotReject(async () => handle(ex));
  assert.equal(written.status, 500);
});

test('path params are own keys of an object that inherits nothing', () => {
  const params = decodePathParams(['__proto__', 'id'], ['a%20b', '7']);
  assert.deepEqual(Object.keys(params), ['__proto__', 'id']);
  assert.equal(params['__proto__'], 'a b');
  assert.equal(params.id, '7');
  assert.equal((params as Record<string, unknown>).toString, undefined);
  assert.equal(JSON.stringify(params), '{"__proto__":"a b","id":"7"}');
  assert.throws(() => decodePathParams(['id'], ['%E0%A4%A']), { status: 400 });
});
