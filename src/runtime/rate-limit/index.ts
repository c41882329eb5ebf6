/**
 * Rate limits (`@RateLimit`, docs/production.md "Rate limits"): one store for the app (memory, or
 * Redis when one is configured; none when no route is covered) and the client address the
 * `trustProxy` option defines. Each route gets its stage from `stageFor`.
 */
import type { AppModel, RouteModel } from '../../model/app-model.js';
import type { TrustProxyOption } from '../../model/app-options.js';
import type { Stage } from '../lifecycle/stage.js';
import { compileClientAddress, type ClientAddress } from './client-address.js';
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
    private readonly store: RateLimitStore | undefined,
    private readonly clientAddress: ClientAddress,
  ) {}

  /**
   * The store is made only when some route of the model is covered: an app without `@RateLimit`
   * keeps nothing and connects to nothing. Its routes are still checked (a `@RateLimit` the model
   * does not know is a stale model).
   */
  static async create(model: AppModel, settings: RateLimitSettings): Promise<RateLimits> {
    const covered = model.controllers.some((controller) =>
      controller.routes.some((route) => route.rateLimit),
    );
    let store: RateLimitStore | undefined;
    // The stores' modules load only for an app with a covered route.
    if (covered && settings.redis !== undefined) {
      const { RedisStore } = await import('./redis-store.js');
      const redis = new RedisStore({
        url: settings.redis,
        timeoutMs: settings.commandTimeoutMs,
        log: settings.log,
      });
      await redis.start();
      store = redis;
    } else if (covered) store = new (await import('./memory-store.js')).MemoryStore();
    return new RateLimits(store, compileClientAddress(settings.trustProxy));
  }

  /** The route's stage, or undefined when no `@RateLimit` covers it. */
  stageFor(levels: LimitLevels, model: RouteModel): RouteRateLimit | undefined {
    const limit = compileRouteLimit(levels, model, this.clientAddress);
    if (limit === undefined) return undefined;
    // compileRouteLimit held the limit against the model, which then covers this route.
    const store = this.store as RateLimitStore;
    return { stage: rateLimitStage(limit, store), header: policyHeader(limit), after: limit.after };
  }

  async close(): Promise<void> {
    await this.store?.close();
  }
}
