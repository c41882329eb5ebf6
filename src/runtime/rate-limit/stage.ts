/**
 * The lifecycle stage of a rate-limited route: counts the request, puts `RateLimit` on
 * `ctx.response` (so every later answer of the request carries it: success, errors, blocks), and
 * answers 429 with `Retry-After` when the key is over its limit. `RateLimit-Policy` is one of the
 * headers the route's context opens with (`policyHeader`), so even answers given before the count
 * (a guard's block ahead of a user-keyed limit) carry it.
 */
import { frameworkProblem } from '../errors/problem.js';
import type { Exchange } from '../http/exchange.js';
import type { Stage } from '../lifecycle/stage.js';
import { withKeptHeaders } from '../response/kept-headers.js';
import { sendProblem } from '../response/send.js';
import {
  policyValue,
  POLICY_HEADER,
  RETRY_AFTER_HEADER,
  seconds,
  stateValue,
  STATE_HEADER,
} from './headers.js';
import type { RouteLimit } from './route-limit.js';
import type { Hit, RateLimitStore } from './store.js';

/** The header the route's `ctx.response` starts with. */
export function policyHeader(limit: RouteLimit): readonly [string, string] {
  return [POLICY_HEADER, policyValue(limit.limit, limit.windowMs)];
}

export function rateLimitStage(limit: RouteLimit, store: RateLimitStore): Stage {
  return {
    run: (ex) => store.hit(limit.keyOf(ex), limit.windowMs),
    settle: (ex, value) => {
      // The route opened a context for this: the headers go where every answer path reads them.
      const response = (ex.context as NonNullable<Exchange['context']>).response;
      // The store could not count (Redis away): served, and no remaining count is claimed.
      if (value === undefined) return false;
      const hit = value as Hit;
      response.setHeader(STATE_HEADER, stateValue(limit.limit - hit.count, hit.resetInMs));
      if (hit.count <= limit.limit) return false;
      tooMany(ex, limit, hit);
      return true;
    },
  };
}

function tooMany(ex: Exchange, limit: RouteLimit, hit: Hit): void {
  const wait = seconds(hit.resetInMs);
  const detail = `More than ${limit.limit} requests in ${limit.windowMs} ms; try again in ${wait} s.`;
  const headers = withKeptHeaders(ex, { [RETRY_AFTER_HEADER]: String(wait) });
  sendProblem(ex.res, ex.method === 'HEAD', frameworkProblem('SVC_ERR_RATE_LIMITED', detail), headers);
}
