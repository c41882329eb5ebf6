/**
 * A route's rate limit, compiled at start-up: the nearest `@RateLimit` of route, controller and
 * app as the live decorators give it (a key function exists only there), checked like the
 * analyzer checks it and held against the model, then made into one lifecycle stage.
 */
import type { RouteModel } from '../../model/app-model.js';
import { invalidRateLimit, rateLimitModel, USER_DATA_KEY } from '../../model/rate-limit.js';
import { expectSame } from '../app/stale.js';
import type { ClassRecord, MethodRecord } from '../decorators/metadata.js';
import { SvcError } from '../errors/svc-error.js';
import type { Exchange } from '../http/exchange.js';
import type { ClientAddress } from './client-address.js';
import type { RateLimitKey, RateLimitOptions } from './options.js';

export interface RouteLimit {
  /** The counters' name: where the `@RateLimit` is written. */
  policy: string;
  limit: number;
  windowMs: number;
  /** The key a request counts under (`ip:…`, `user:…`, `fn:…`), its policy's name in front. */
  keyOf(ex: Exchange): string;
  /**
   * Checked ahead of every phase (a client-address limit stops a flood before middleware and
   * guards do work), or after the guards (a user or function key reads what they stored).
   */
  after: 'guard' | undefined;
}

export interface LimitLevels {
  app: ClassRecord | undefined;
  controller: ClassRecord;
  route: MethodRecord;
  controllerName: string;
}

/** The nearest `@RateLimit` and the name of where it is written; undefined when none or `false`. */
function nearest(levels: LimitLevels): { policy: string; options: RateLimitOptions } | undefined {
  const candidates: [string, RateLimitOptions | false | undefined][] = [
    [`${levels.controllerName}.${levels.route.methodName}`, levels.route.rateLimit],
    [levels.controllerName, levels.controller.rateLimit],
    ['app', levels.app?.rateLimit],
  ];
  for (const [policy, options] of candidates) {
    if (options === undefined) continue;
    return options === false ? undefined : { policy, options };
  }
  return undefined;
}

export function compileRouteLimit(
  levels: LimitLevels,
  model: RouteModel,
  clientAddress: ClientAddress,
): RouteLimit | undefined {
  const label = `${levels.controllerName}.${model.methodName}`;
  const found = nearest(levels);
  const functionKey = typeof found?.options.key === 'function';
  const reason = found && invalidRateLimit(found.options, functionKey);
  if (found && reason !== undefined)
    throw new SvcError(
      'SVC_ERR_INVALID_RATE_LIMIT',
      `${label}: @RateLimit on ${found.policy} ${reason}`,
      model,
    );
  const live = found && rateLimitModel(found.policy, found.options, functionKey);
  expectSame(label, '@RateLimit', live, model.rateLimit || undefined, model);
  if (found === undefined || live === undefined) return undefined;
  const keyOf = compileKey(found.options.key, clientAddress);
  return {
    policy: live.policy,
    limit: live.limit,
    windowMs: live.windowMs,
    keyOf: (ex) => `${live.policy}:${keyOf(ex)}`,
    after: live.key === 'ip' ? undefined : 'guard',
  };
}

function compileKey(key: RateLimitKey | undefined, clientAddress: ClientAddress): (ex: Exchange) => string {
  const byAddress = (ex: Exchange): string => `ip:${clientAddress(ex)}`;
  if (key === undefined || key === 'ip') return byAddress;
  if (typeof key === 'function') {
    return (ex) => {
      const value = ex.context === undefined ? undefined : key(ex.context);
      return typeof value === 'string' && value !== '' ? `fn:${value}` : byAddress(ex);
    };
  }
  const name = key === 'user' ? USER_DATA_KEY : key.data;
  return (ex) => {
    const id = idOf(ex.context?.data.get(name));
    return id === undefined ? byAddress(ex) : `${name}:${id}`;
  };
}

/** A stored caller as a key: a string or number itself, an object by its `id`. */
function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'object' && value !== null) {
    const id = (value as { id?: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return undefined;
}
