/**
 * Runs one compiled route for one request. Straight-line: open the context (if anything uses
 * it), middleware and guards, read the body (if anything binds it), pre-interceptors, the
 * handler, then the finish step chosen by route kind. A stop or block answers at once and nothing later runs.
 * Every throw lands in the single catch: catchers nearest first, else the default answer.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { RouteKind } from '../../model/app-model.js';
import { HttpError } from '../errors/http-error.js';
import type { Exchange } from '../http/exchange.js';
import { readJsonBody } from '../http/body.js';
import { answerError, type ErrorSettings } from '../response/answer-error.js';
import { sendValue, type Serializer } from '../response/send.js';
import { GuardResult, MiddlewareResult, type EarlyResponse } from '../results.js';
import type { Chain } from './build-chain.js';
import type { ComponentStep } from './component-step.js';
import { earlyStatusOf } from './phases.js';
import { stringifyRich } from '../response/json.js';

export interface PipelineSettings extends ErrorSettings {
  bodyLimit: number;
}

/** What the compiled route needs to run; everything is decided at start-up. */
export interface RoutePlan {
  label: string;
  kind: RouteKind;
  status: number;
  /** `@SetHeader` of controller then route, as `ctx.response` starts them. */
  headerList: readonly (readonly [string, string])[];
  /** The same, as a header object for routes that never open a context. */
  headers: OutgoingHttpHeaders | undefined;
  needsContext: boolean;
  /** When the JSON body is read: before middleware (a gate binds it), after the gates, or not at all. */
  bodyTiming: 'beforeGates' | 'afterGates' | 'never';
  chain: Chain;
  /** Binds the handler's arguments and calls it; returns what it returned (maybe a promise). */
  invokeHandler: (ex: Exchange) => unknown;
  serialize: Serializer;
  /** After the before-phases passed: call the handler and answer (by route kind). */
  finish: (plan: RoutePlan, ex: Exchange) => Promise<void> | void;
  settings: PipelineSettings;
}

export function compilePipeline(plan: RoutePlan): (ex: Exchange) => Promise<void> {
  const { chain, settings } = plan;
  const hasGates = chain.middleware.length + chain.guard.length > 0;
  const hasPre = chain.preInterceptor.length > 0;
  const bodyFirst = plan.bodyTiming === 'beforeGates';
  const bodyAfterGates = plan.bodyTiming === 'afterGates';
  return async function runRoute(ex: Exchange): Promise<void> {
    try {
      if (plan.needsContext) ex.openContext(plan.status, plan.headerList);
      if (bodyFirst) ex.body = await readJsonBody(ex.req, settings.bodyLimit);
      if (hasGates && (await runGates(chain, ex))) return;
      if (bodyAfterGates) ex.body = await readJsonBody(ex.req, settings.bodyLimit);
      if (hasPre) for (const step of chain.preInterceptor) await step.run(ex);
      await plan.finish(plan, ex);
    } catch (error) {
      await recover(plan, ex, error);
    }
  };
}

const STOP_STATUS = earlyStatusOf('middleware');
const BLOCK_STATUS = earlyStatusOf('guard');

/** Middleware then guards. True when one of them answered (stop / block). */
async function runGates(chain: Chain, ex: Exchange): Promise<boolean> {
  for (const step of chain.middleware) {
    const result = await step.run(ex);
    if (result instanceof MiddlewareResult && !result.proceed)
      return answerEarly(ex, result.response, STOP_STATUS);
  }
  for (const step of chain.guard) {
    const result = await step.run(ex);
    if (result instanceof GuardResult && !result.proceed)
      return answerEarly(ex, result.response, BLOCK_STATUS);
    if (result === false) return answerEarly(ex, undefined, BLOCK_STATUS);
  }
  return false;
}

/** A stop or block: exactly the status, headers and body the component gave. */
function answerEarly(ex: Exchange, response: EarlyResponse | undefined, status: number): true {
  const headers = response?.headers ? lowerCaseKeys(response.headers) : undefined;
  sendValue(
    ex.res,
    ex.method === 'HEAD',
    response?.statusCode ?? status,
    headers,
    response?.body,
    stringifyRich,
  );
  return true;
}

function lowerCaseKeys(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

/** The finish step of plain HTTP routes: handler, post-interceptors (reversed), serialization. */
export async function finishHttp(plan: RoutePlan, ex: Exchange): Promise<void> {
  let value = plan.invokeHandler(ex);
  if (value instanceof Promise) value = await value;
  await answerWith(plan, ex, value);
}

/**
 * `finishHttp` that also shows the handler's value to `inspect` before answering (the dev-mode
 * response check). A separate function so routes without a check pay nothing for it.
 */
export function inspectedFinishHttp(inspect: (value: unknown) => void): RoutePlan['finish'] {
  return async (plan, ex) => {
    let value = plan.invokeHandler(ex);
    if (value instanceof Promise) value = await value;
    inspect(value);
    await answerWith(plan, ex, value);
  };
}

async function answerWith(plan: RoutePlan, ex: Exchange, value: unknown): Promise<void> {
  const ctx = ex.context;
  if (ctx === undefined) {
    sendValue(ex.res, ex.method === 'HEAD', plan.status, plan.headers, value, plan.serialize);
    return;
  }
  ctx.response.body = value;
  for (const step of plan.chain.postInterceptor) await step.run(ex);
  const response = ctx.response;
  sendValue(ex.res, ex.method === 'HEAD', response.status, response.headers, response.body, plan.serialize);
}

/** The nearest matching catcher answers; if none matches (or it throws too), the default answer. */
async function recover(plan: RoutePlan, ex: Exchange, error: unknown): Promise<void> {
  let failure = error;
  const catcher = ex.context ? findCatcher(plan.chain.catchers, error) : undefined;
  if (catcher) {
    try {
      await runCatcher(plan, catcher, ex, error);
      return;
    } catch (catcherError) {
      failure = catcherError;
    }
  }
  try {
    answerError(ex, failure, plan.label, plan.settings);
  } catch (sendError) {
    plan.settings.log(`svc: could not answer ${plan.label}: ${String(sendError)}`);
    ex.res.destroy();
  }
}

function findCatcher(catchers: readonly ComponentStep[], error: unknown): ComponentStep | undefined {
  return catchers.find((step) => step.catches === undefined || error instanceof step.catches);
}

/** The catcher's return value is serialized like a handler's; its status: @StatusCode, else the error's. */
async function runCatcher(
  plan: RoutePlan,
  catcher: ComponentStep,
  ex: Exchange,
  error: unknown,
): Promise<void> {
  const ctx = ex.context as NonNullable<Exchange['context']>;
  ctx.error = error;
  ctx.response.status = catcher.statusCode ?? (error instanceof HttpError ? error.status : 500);
  ctx.response.body = undefined;
  const value = await catcher.run(ex);
  if (value !== undefined) ctx.response.body = value;
  const response = ctx.response;
  sendValue(ex.res, ex.method === 'HEAD', response.status, response.headers, response.body, stringifyRich);
}
