/** What `@RateLimit(...)` takes (docs/production.md, "Rate limits"). */
import type { RequestContext } from '../context.js';
import type { StaticRateLimitKey } from '../../model/rate-limit.js';

/**
 * Whose requests count together: the client address (`'ip'`, the default), the caller a guard
 * stored under the data key `'user'` (`'user'`) or another key (`{ data: 'account' }`), or a
 * function of the request context. A request with no such value (no user, a function giving
 * `undefined` or `''`) counts under its client address.
 */
export type RateLimitKey = StaticRateLimitKey | ((ctx: RequestContext) => string | undefined);

export interface RateLimitOptions {
  /** Requests one key may make per window. */
  limit: number;
  /** The window: ms, or a duration such as `'500ms'`, `'30s'`, `'1m'`, `'1h'`. */
  window: number | string;
  key?: RateLimitKey;
}
