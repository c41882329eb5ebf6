/**
 * Rate limits (`@RateLimit`, docs/production.md "Rate limits"): made by `createApp` only when some
 * route is covered, with one store for the app (memory, or Redis when one is configured) and the
 * client address the `trustProxy` option defines. Each route gets its stage from `stageFor`.
 */
import type { AppModel, RouteModel } from '../../model/app-model.js';
import type { TrustProxyOption } from '../../model/app-options.js';
import type { Stage } from '../lifecycle/stage.js';
import { compileClientAddress, type ClientAddress } from './client-address.js';
import { MemoryStore } from './memory-store.js';
import { RedisStore } from './redis-store.js';
import { compileRouteLimit, type LimitLevels } from './route-limit.js';
import { policyHeader, rateLimitStage } from './stage.js';
import type { RateLimitStore } from './store.js';

export interface RateLimitSettings {
  /** Counters in this Redis; undefined: in this process. */
  redis: string | undefined;
  commandTimeoutMs: number;
  trustProxy: TrustProxyOption;
  log: (line: string) => void;
}

/** A route's stage and where the pipeline puts it (after the steps of this phase; first when undefined). */
export interface RouteRateLimit {
  stage: Stage;
  /** `RateLimit-Policy`, among the headers the route's `ctx.response` opens with. */
  header: readonly [string, string];
  after: 'guard' | undefined;
}

export class RateLimits {
  private constructor(
    private readonly store: RateLimitStore,
    private readonly clientAddress: ClientAddress,
  ) {}

  /** Undefined when no route of the model is covered: nothing is made, nothing connects. */
  static async create(model: AppModel, settings: RateLimitSettings): Promise<RateLimits | undefined> {
    const covered = model.controllers.some((controller) =>
      controller.routes.some((route) => route.rateLimit),
    );
    if (!covered) return undefined;
    const store =
      settings.redis === undefined
        ? new MemoryStore()
        : new RedisStore({ url: settings.redis, timeoutMs: settings.commandTimeoutMs, log: settings.log });
    if (store instanceof RedisStore) await store.start();
    return new RateLimits(store, compileClientAddress(settings.trustProxy));
  }

  /** The route's stage, or undefined when no `@RateLimit` covers it. */
  stageFor(levels: LimitLevels, model: RouteModel): RouteRateLimit | undefined {
    const limit = compileRouteLimit(levels, model, this.clientAddress);
    return (
      limit && { stage: rateLimitStage(limit, this.store), header: policyHeader(limit), after: limit.after }
    );
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
