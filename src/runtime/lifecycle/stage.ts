/** One step of a compiled route, shared by the pipeline and the around-interceptors that wrap part of it. */
import type { Exchange } from '../http/exchange.js';

/**
 * `run` starts the step and gives its value (or a promise of it); `settle` takes that value and
 * says whether the request has been answered (nothing later runs). Built once per route at
 * start-up, so a request allocates no closures.
 */
export interface Stage {
  run(ex: Exchange): unknown;
  settle(ex: Exchange, value: unknown): boolean;
}

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  if (value instanceof Promise) return true;
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

export function proceed(): boolean {
  return false;
}

export function answered(): boolean {
  return true;
}
