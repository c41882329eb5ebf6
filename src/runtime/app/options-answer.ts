/**
 * The answer to an `OPTIONS` request no route declares (a CORS preflight, usually): the app-level
 * middleware runs first, as for any request, so it can log, add headers or stop; then 204 with
 * the `Allow` (and CORS) headers the request handler already set. Which phases run is data:
 * `AUTOMATIC_OPTIONS_ROLES` in model/lifecycle-phases.ts (middleware; guards never).
 */
import { AUTOMATIC_OPTIONS_ROLES } from '../../model/lifecycle-phases.js';
import { readsBody } from '../binding/compile-binder.js';
import type { ComponentUse } from '../decorators/metadata.js';
import { buildChain, type Chain, type ComponentSteps } from '../lifecycle/build-chain.js';
import { compilePipeline, type PipelineSettings } from '../lifecycle/pipeline.js';
import { stringifyRich } from '../response/json.js';
import type { OptionsAnswer } from './request-handler.js';

export const OPTIONS_STATUS = 204;

export async function compileOptionsAnswer(
  appUses: readonly ComponentUse[],
  steps: ComponentSteps,
  settings: PipelineSettings,
): Promise<OptionsAnswer | undefined> {
  const full = await buildChain({ app: appUses, controller: [], route: [] }, steps);
  const middleware = AUTOMATIC_OPTIONS_ROLES.includes('middleware') ? full.middleware : [];
  if (middleware.length === 0) return undefined;
  const chain: Chain = {
    middleware,
    guard: [],
    interceptor: [],
    preInterceptor: [],
    postInterceptor: [],
    catchers: full.catchers,
    all: middleware,
  };
  return compilePipeline({
    label: 'OPTIONS',
    kind: 'http',
    status: OPTIONS_STATUS,
    headerList: [],
    headers: undefined,
    needsContext: true,
    bodyTiming: readsBody(middleware.flatMap((step) => step.params)) ? 'beforeGates' : 'never',
    chain,
    invokeHandler: () => undefined,
    serialize: stringifyRich,
    finish: undefined,
    inspect: undefined,
    settings,
  });
}
