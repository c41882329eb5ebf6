/**
 * Liveness and readiness endpoints for load balancers and orchestrators (`health` option,
 * docs/production.md "Health"): on by default at /health/live and /health/ready, outside the
 * app's prefix and lifecycle. Liveness is 200 while the process serves; readiness is 503 from
 * the start of `close()` and while a check (a `checkReadiness()` method, PubSub's Redis link)
 * says not ready.
 */
import type { RequestLogger } from '../http/request-log.js';
import type { CompiledRoute } from '../app/compile-route.js';
import { readinessChecks } from './checks.js';
import { pubsubCheck } from './pubsub-check.js';
import { Readiness } from './readiness.js';
import { healthRoutes, type HealthSettings } from './routes.js';

export type { ReadinessCheck } from './checks.js';
export type { HealthSettings } from './routes.js';

export interface Health {
  /** Added to the app's route table ahead of its own routes. */
  routes: CompiledRoute[];
  /** Readiness answers 503 from now on; liveness stays 200. */
  drain(): void;
}

/** Built once the instances exist and their `onInit` hooks ran: the checks are theirs. */
export function createHealth(
  settings: HealthSettings,
  instances: readonly unknown[],
  log: (line: string) => void,
): Health {
  const pubsub = pubsubCheck(instances);
  const checks = pubsub === undefined ? readinessChecks(instances) : [...readinessChecks(instances), pubsub];
  const readiness = new Readiness(checks, settings.checkTimeoutMs, log);
  return { routes: healthRoutes(settings, readiness), drain: () => readiness.drain() };
}

/**
 * The request log without the probes' lines (a probe every few seconds from each load balancer
 * would drown the app's own lines): a GET or HEAD of either path. Other methods there are logged.
 */
export function withoutProbes(
  log: RequestLogger | undefined,
  settings: HealthSettings | undefined,
): RequestLogger | undefined {
  if (log === undefined || settings === undefined) return log;
  const { live, ready } = settings;
  const paths = new Set([live, `${live}/`, ready, `${ready}/`]);
  return (ex, started) => {
    if ((ex.method !== 'GET' && ex.method !== 'HEAD') || ex.upgrade || !paths.has(ex.path)) log(ex, started);
  };
}
