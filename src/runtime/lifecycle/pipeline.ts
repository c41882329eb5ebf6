/**
 * Runs one compiled route for one request. Straight-line: open the context (if anything uses
 * it), then the phases in the order src/model/lifecycle-phases.ts gives (middleware and guards,
 * the body read after them if anything binds it, around-interceptors wrapping pre-interceptors,
 * the handler and post-interceptors); the stages are built from that table at start-up. A stop or
 * block answers at once and nothing later runs.
 * The steps run synchronously until one returns a promise; only then does the route go async
 * (so a route of synchronous steps answers within the call, with no microtask per step).
 * Every throw lands in one place: catchers nearest first, else the default answer.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { RouteKind } from '../../model/app-model.js';
import { HttpError } from '../errors/http-error.js';
import type { Exchange } from '../http/exchange.js';
import { answerError, lateFailureLogger, type ErrorSettings } from '../response/answer-error.js';
import { withKeptHeaders } from '../response/kept-headers.js';
import { sendValue, type Serializer } from '../response/send.js';
import { GuardResult, MiddlewareResult, type EarlyResponse } from '../results.js';
import type { Chain } from './build-chain.js';
import type { ComponentStep } from './component-step.js';
import { aroundStage } from './around.js';
import { answerInvalidEarlyStatus, isFinalStatus } from './early-status.js';
import { answered, isThenable, proceed, type Stage } from './stage.js';
import { earlyStatusOf, PHASES, type PhaseInfo } from '../../model/lifecycle-phases.js';
import { stringifyRich } from '../response/json.js';
import { chooseSerializer } from '../response/choose-serializer.js';
import type { UploadSettings } from '../body/limits.js';
import { jsonBodyReader } from '../body/reader.js';

export interface PipelineSettings extends ErrorSettings {
  bodyLimit: number;
  /** How long a body may go quiet while it is read, in ms; 0: no limit; absent: the default. */
  bodyTimeoutMs?: number;
  /** Multipart limits (src/runtime/body); absent: the defaults. */
  uploads?: UploadSettings;
  /** Set only when the app has OpenTelemetry (src/runtime/telemetry); a route then runs its traced plan. */
  tracing?: PipelineTracing;
}

/** What telemetry hooks into a route: chosen once per route at start-up, never per request. */
export interface PipelineTracing {
  /** The plan with its guard, handler and catcher steps timed. */
  tracePlan(plan: RoutePlan): RoutePlan;
  /** A step threw (before any catcher runs). */
  failed(ex: Exchange, error: unknown): void;
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
  /** Reads a body that is not JSON (multipart, form, bytes, stream: src/runtime/body); absent: JSON. */
  readBody?: ((ex: Exchange) => Promise<unknown>) | undefined;
  chain: Chain;
  /**
   * The route's `@RateLimit` stage (src/runtime/rate-limit), put after the steps of the phase
   * `after` names, or ahead of every phase when it names none; absent when no limit covers the route.
   */
  rateLimit?: { stage: Stage; after: PhaseInfo['role'] | undefined };
  /** Binds the handler's arguments and calls it; returns what it returned (maybe a promise). */
  invokeHandler: (ex: Exchange) => unknown;
  serialize: Serializer;
  /**
   * Stream routes (`sse`, `websocket`): after the before-phases passed, call the handler and
   * answer. Plain `http` routes finish with the pipeline's own stages instead.
   */
  finish: ((plan: RoutePlan, ex: Exchange) => Promise<void> | void) | undefined;
  /** Dev mode: sees an `http` handler's value before it is answered (the response check). */
  inspect: ((value: unknown) => void) | undefined;
  settings: PipelineSettings;
}

/** The route's steps in order, run synchronously until one of them returns a promise. */
export function compilePipeline(
  given: RoutePlan,
  phases: readonly PhaseInfo[] = PHASES,
): (ex: Exchange) => Promise<void> | void {
  const plan = given.settings.tracing?.tracePlan(given) ?? given;
  const stages = compileStages(plan, new PhaseOrder(phases));
  return (ex) => runFrom(stages, plan, ex, 0);
}

function compileStages(plan: RoutePlan, order: PhaseOrder): Stage[] {
  const stages: Stage[] = [];
  if (plan.needsContext) stages.push(contextStage(plan));
  if (plan.rateLimit !== undefined && plan.rateLimit.after === undefined) stages.push(plan.rateLimit.stage);
  const readBody = plan.readBody ?? jsonBodyReader(plan.settings);
  const body: Stage = { run: readBody, settle: storeBody };
  if (plan.bodyTiming === 'beforeGates') stages.push(body);
  stages.push(...phaseStages(plan, order, 0, body));
  // An HTTP route answers last, with what the handler and every interceptor left in `ctx.response`.
  if (plan.kind === 'http') stages.push(sendStage(plan));
  return stages;
}

/** The phases, and the two places in them the stages are built around. */
class PhaseOrder {
  /** The last phase that can answer early (a gate): a body read "after the gates" comes after it. */
  readonly lastGate: number;
  /** The handler runs after every before-phase, ahead of the first after-phase. */
  readonly handlerAt: number;

  constructor(readonly phases: readonly PhaseInfo[]) {
    // (No `findLastIndex`: apps may compile svc's sources with an ES2022 lib.)
    this.lastGate = phases.reduce(
      (last, phase, index) => (phase.earlyStatus === undefined ? last : index),
      -1,
    );
    const firstAfter = phases.findIndex((phase) => phase.when === 'after');
    this.handlerAt = firstAfter === -1 ? phases.length : firstAfter;
  }
}

/** The step being settled and its route: an early answer with a status that is not HTTP names them. */
interface Gate {
  step: ComponentStep;
  plan: RoutePlan;
}

/**
 * How a phase's step result is settled: a stop or a block answers at once, the others go on.
 * Each step gets its own settle, made at start-up, so a request makes no closure.
 */
const SETTLE: Record<PhaseInfo['role'], (gate: Gate) => Stage['settle']> = {
  middleware: settleMiddleware,
  guard: settleGuard,
  interceptor: () => proceed,
  preInterceptor: () => proceed,
  postInterceptor: () => proceed,
};

/**
 * The stages of the phases from `from` on, built in the order src/model/lifecycle-phases.ts gives:
 * a before- or after-phase runs its steps; an around-phase wraps every stage after it (a route
 * without around-interceptors keeps the plain stages, and the synchronous path). Stream routes
 * answer in their finish, so they run no after-phase.
 */
function phaseStages(plan: RoutePlan, order: PhaseOrder, from: number, body: Stage): Stage[] {
  const { phases, handlerAt, lastGate } = order;
  const stages: Stage[] = [];
  for (let index = from; index < phases.length; index++) {
    const phase = phases[index] as PhaseInfo;
    if (index === handlerAt) stages.push(...finishStages(plan));
    const steps = plan.chain[phase.role];
    if (phase.when === 'around') {
      const inner = phaseStages(plan, order, index + 1, body);
      return [...stages, ...(steps.length === 0 ? inner : [aroundStage(steps, inner, plan.kind !== 'http')])];
    }
    if (phase.when === 'after' && plan.kind !== 'http') continue;
    const settle = SETTLE[phase.role];
    for (const step of steps) stages.push({ run: (ex) => step.run(ex), settle: settle({ step, plan }) });
    if (plan.rateLimit?.after === phase.role) stages.push(plan.rateLimit.stage);
    if (index === lastGate && plan.bodyTiming === 'afterGates') stages.push(body);
  }
  if (handlerAt === phases.length) stages.push(...finishStages(plan));
  return stages;
}

/** The handler: an HTTP route's keeps its value for the after-phases; a stream route's answers. */
function finishStages(plan: RoutePlan): Stage[] {
  if (plan.kind === 'http') return [handlerStage(plan)];
  const finish = plan.finish;
  return finish === undefined ? [] : [{ run: (ex) => finish(plan, ex), settle: answered }];
}

/**
 * The synchronous driver: runs the stages from `start` and hands over to `continueAsync` at the
 * first one that returns a promise. Never throws: every failure goes to `recover`.
 */
function runFrom(
  stages: readonly Stage[],
  plan: RoutePlan,
  ex: Exchange,
  start: number,
): Promise<void> | void {
  try {
    for (let i = start; i < stages.length; i++) {
      const stage = stages[i] as Stage;
      const value = stage.run(ex);
      if (isThenable(value)) return continueAsync(stages, plan, ex, i, value);
      if (stage.settle(ex, value)) return;
    }
  } catch (error) {
    return recover(plan, ex, error);
  }
}

/** Waits for stage `index`, settles it, then goes back to the synchronous driver for the rest. */
async function continueAsync(
  stages: readonly Stage[],
  plan: RoutePlan,
  ex: Exchange,
  index: number,
  pending: PromiseLike<unknown>,
): Promise<void> {
  try {
    if ((stages[index] as Stage).settle(ex, await pending)) return;
  } catch (error) {
    return recover(plan, ex, error);
  }
  return runFrom(stages, plan, ex, index + 1);
}

function contextStage(plan: RoutePlan): Stage {
  return { run: (ex) => ex.openContext(plan.status, plan.headerList), settle: proceed };
}

function storeBody(ex: Exchange, value: unknown): boolean {
  ex.body = value;
  return false;
}

const STOP_STATUS = earlyStatusOf('middleware');
const BLOCK_STATUS = earlyStatusOf('guard');

/** A middleware result: a stop answers at once. */
function settleMiddleware(gate: Gate): Stage['settle'] {
  return (ex, result) =>
    result instanceof MiddlewareResult &&
    !result.proceed &&
    answerEarly(ex, result.response, STOP_STATUS, gate);
}

/** A guard result: a block (or `false`) answers at once. */
function settleGuard(gate: Gate): Stage['settle'] {
  return (ex, result) => {
    if (result instanceof GuardResult)
      return !result.proceed && answerEarly(ex, result.response, BLOCK_STATUS, gate);
    return result === false && answerEarly(ex, undefined, BLOCK_STATUS, gate);
  };
}

/**
 * A stop or block: exactly the status, headers and body the component gave, over the headers
 * earlier steps set on `ctx.response` (its own win on a clash). A status that is not HTTP is a 500.
 */
function answerEarly(ex: Exchange, response: EarlyResponse | undefined, status: number, gate: Gate): true {
  const given = response?.statusCode;
  if (given !== undefined && !isFinalStatus(given)) {
    const { step, plan } = gate;
    return answerInvalidEarlyStatus(ex, given, {
      label: step.label,
      route: plan.label,
      settings: plan.settings,
    });
  }
  const headers = withKeptHeaders(ex, response?.headers ? lowerCaseKeys(response.headers) : undefined);
  sendValue(
    ex.res,
    ex.method === 'HEAD',
    response?.statusCode ?? status,
    headers,
    response?.body,
    stringifyRich,
    lateFailureLogger(gate.plan.label, gate.plan.settings),
  );
  return true;
}

function lowerCaseKeys(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

/**
 * The handler of a plain HTTP route. Without a context it answers at once; else its value goes to
 * `ctx.response.body` for the after-phases and `sendStage`. `plan.inspect` (dev mode) sees it first.
 */
function handlerStage(plan: RoutePlan): Stage {
  const inspect = plan.inspect;
  const failed = lateFailureLogger(plan.label, plan.settings);
  return {
    run: plan.invokeHandler,
    settle: (ex, value) => {
      if (inspect !== undefined) inspect(value);
      const ctx = ex.context;
      if (ctx === undefined) {
        sendValue(ex.res, ex.method === 'HEAD', plan.status, plan.headers, value, plan.serialize, failed);
        return true;
      }
      ctx.response.body = value;
      return false;
    },
  };
}

/** Answers with `ctx.response` as the handler, post- and around-interceptors left it. */
function sendStage(plan: RoutePlan): Stage {
  // An around-interceptor may answer with any value (a cached Map, a fallback object), not only
  // what the handler's return type allows, so only the general serializer is safe after one; the
  // route's `@contentType` still names what its strings, bytes and downloads are.
  const serialize =
    plan.chain.interceptor.length === 0
      ? plan.serialize
      : chooseSerializer(undefined, {}, undefined, plan.serialize.mediaType);
  const failed = lateFailureLogger(plan.label, plan.settings);
  return {
    run: (ex) => {
      const { status, headers, body } = (ex.context as NonNullable<Exchange['context']>).response;
      sendValue(ex.res, ex.method === 'HEAD', status, headers, body, serialize, failed);
    },
    settle: answered,
  };
}

/** The nearest matching catcher answers; if none matches (or it throws too), the default answer. */
async function recover(plan: RoutePlan, ex: Exchange, error: unknown): Promise<void> {
  plan.settings.tracing?.failed(ex, error);
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
  const { status, headers, body } = ctx.response;
  const failed = lateFailureLogger(plan.label, plan.settings);
  sendValue(ex.res, ex.method === 'HEAD', status, headers, body, stringifyRich, failed);
}
