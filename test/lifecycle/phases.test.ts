/**
 * The lifecycle order is data (src/model/lifecycle-phases.ts) and the pipeline builds its stages
 * from it: run with the product's table, a route's steps run in the documented order; run with a
 * different table, they follow that table instead. Nothing is restated here but the expected runs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { earlyStatusOf, PHASES, type PhaseInfo } from '../../src/model/lifecycle-phases.js';
import type { Chain } from '../../src/runtime/lifecycle/build-chain.js';
import type { ComponentStep } from '../../src/runtime/lifecycle/component-step.js';
import { compilePipeline, type RoutePlan } from '../../src/runtime/lifecycle/pipeline.js';
import type { Exchange } from '../../src/runtime/http/exchange.js';

type Role = PhaseInfo['role'];

/** A stream route (it answers in its finish) whose every step records its name. */
function recordingRoute(runs: string[]): RoutePlan {
  const step = (role: Role, name: string): ComponentStep => ({
    role,
    label: name,
    catches: undefined,
    statusCode: undefined,
    params: [],
    run: (ex) => {
      runs.push(name);
      // An around-interceptor runs what it wraps.
      return role === 'interceptor' ? (ex.next as () => Promise<unknown>)() : undefined;
    },
  });
  const chain: Chain = {
    middleware: [step('middleware', 'middleware')],
    guard: [step('guard', 'guard')],
    interceptor: [step('interceptor', 'around')],
    preInterceptor: [step('preInterceptor', 'pre')],
    postInterceptor: [step('postInterceptor', 'post')],
    catchers: [],
    all: [],
  };
  return {
    label: 'GET /recorded',
    kind: 'sse',
    status: 200,
    headerList: [],
    headers: undefined,
    needsContext: false,
    bodyTiming: 'never',
    chain,
    invokeHandler: () => undefined,
    serialize: () => '',
    finish: () => {
      runs.push('handler');
    },
    inspect: undefined,
    settings: { bodyLimit: 1024, dev: false, log: () => {} },
  };
}

async function runsWith(phases: readonly PhaseInfo[]): Promise<string[]> {
  const runs: string[] = [];
  const exchange = { context: { response: { body: undefined } } } as unknown as Exchange;
  await compilePipeline(recordingRoute(runs), phases)(exchange);
  return runs;
}

test('a route runs middleware → guards → around(pre → handler) with the product table', async () => {
  // A stream route answers in its finish: it has no after-phase (docs/lifecycle.md).
  assert.deepEqual(await runsWith(PHASES), ['middleware', 'guard', 'around', 'pre', 'handler']);
});

test('the stages follow the table they are built from, not an order of their own', async () => {
  const byRole = (role: Role) => PHASES.find((phase) => phase.role === role) as PhaseInfo;
  const reordered = ['guard', 'middleware', 'preInterceptor', 'interceptor', 'postInterceptor'].map((role) =>
    byRole(role as Role),
  );
  assert.deepEqual(await runsWith(reordered), ['guard', 'middleware', 'pre', 'around', 'handler']);
  const withoutAround = PHASES.filter((phase) => phase.when !== 'around');
  assert.deepEqual(await runsWith(withoutAround), ['middleware', 'guard', 'pre', 'handler']);
});

test('a stop and a block answer with the statuses of the table', () => {
  assert.equal(earlyStatusOf('middleware'), 200);
  assert.equal(earlyStatusOf('guard'), 403);
});
