/**
 * The guard, handler and catcher phases of a traced route, as events of its server span
 * (`svc.guard`, `svc.handler`, `svc.catcher`): each at the moment its step started, with the
 * step (`BearerAuth.check`, `BooksController.get`) and its duration. Events rather than child
 * spans: they cost less (docs/production.md, "Traces and metrics"), and the server span stays
 * the active one, so the handler's own spans are its children.
 *
 * The steps are wrapped once per route at start-up; a request finds its trace through the
 * exchange, which the route wrapper recorded (works with or without a context manager).
 */
import type { Exchange } from '../http/exchange.js';
import type { ComponentStep } from '../lifecycle/component-step.js';
import type { PipelineTracing, RoutePlan } from '../lifecycle/pipeline.js';
import { isThenable } from '../lifecycle/stage.js';
import type { RequestTrace } from './request-trace.js';

export type TraceOf = WeakMap<Exchange, RequestTrace>;

export function pipelineTracing(traces: TraceOf): PipelineTracing {
  return {
    tracePlan: (plan) => tracePlan(plan, traces),
    failed: (ex, error) => traces.get(ex)?.failed(error),
  };
}

function tracePlan(plan: RoutePlan, traces: TraceOf): RoutePlan {
  const chain = {
    ...plan.chain,
    guard: plan.chain.guard.map((step) => timedStep(step, 'svc.guard', traces)),
    catchers: plan.chain.catchers.map((step) => timedStep(step, 'svc.catcher', traces)),
  };
  return { ...plan, chain, invokeHandler: timed(plan.invokeHandler, 'svc.handler', plan.label, traces) };
}

function timedStep(step: ComponentStep, name: string, traces: TraceOf): ComponentStep {
  return { ...step, run: timed((ex) => step.run(ex), name, step.label, traces) };
}

/** `run` as before, its value or throw untouched (a promise is followed to record its end). */
function timed(
  run: (ex: Exchange) => unknown,
  name: string,
  step: string,
  traces: TraceOf,
): (ex: Exchange) => unknown {
  return (ex) => {
    const trace = traces.get(ex);
    if (trace === undefined || !trace.recording) return run(ex);
    const started = performance.now();
    let value: unknown;
    try {
      value = run(ex);
    } catch (error) {
      trace.phase(name, step, started);
      throw error;
    }
    if (!isThenable(value)) {
      trace.phase(name, step, started);
      return value;
    }
    return Promise.resolve(value).then(
      (settled) => {
        trace.phase(name, step, started);
        return settled;
      },
      (error: unknown) => {
        trace.phase(name, step, started);
        throw error;
      },
    );
  };
}
