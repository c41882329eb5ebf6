/**
 * `@RateLimit`: what a valid policy is, read alike by the analyzer (from source, into the app
 * model) and by the runtime (from the live decorator, at start-up), so the two cannot disagree
 * on what `'1m'` means or which keys exist (docs/production.md, "Rate limits").
 *
 * Plain data and small functions: no imports, so the analyzer, the runtime and the document
 * writer may all load it.
 */

/**
 * Whose requests a policy counts together: the client address (`'ip'`, the default), the value a
 * guard stored under the data key `'user'` (`'user'`) or under another key (`{ data: 'account' }`).
 * The runtime also takes a function of the request context; the model notes it as `'function'`.
 */
export type StaticRateLimitKey = 'ip' | 'user' | { data: string };
export type RateLimitKeyModel = StaticRateLimitKey | 'function';

/** The data key a guard stores the caller under for `key: 'user'`. */
export const USER_DATA_KEY = 'user';

/** One route's policy, as the model records it (the nearest `@RateLimit` of route, controller, app). */
export interface RateLimitModel {
  /**
   * Where the policy is written (`app`, `BooksController`, `BooksController.list`): the routes one
   * `@RateLimit` covers share its counters, kept under this name.
   */
  policy: string;
  /** Requests one key may make per window. */
  limit: number;
  windowMs: number;
  key: RateLimitKeyModel;
}

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/;
/** Node's timers and Redis's PEXPIRE both take this much at most; longer would be a year-long window. */
const MAX_WINDOW_MS = 2 ** 31 - 1;

/** `window` in ms: a positive whole number of ms, or `'500ms'`, `'30s'`, `'1m'`, `'1h'`; undefined when invalid. */
export function windowMsOf(window: unknown): number | undefined {
  let ms: number | undefined;
  if (typeof window === 'number') ms = window;
  else if (typeof window === 'string') {
    const match = DURATION.exec(window.trim());
    if (match) ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  }
  return ms !== undefined && Number.isInteger(ms) && ms > 0 && ms <= MAX_WINDOW_MS ? ms : undefined;
}

export const RATE_LIMIT_EXPECTED =
  "false or { limit: a positive integer, window: ms (a positive integer) or a duration such as '500ms', '30s', '1m', '1h', key?: 'ip', 'user', { data: 'name' } or a function (ctx) => string }";

/** Why a static key is not one (undefined when it is). */
function invalidKey(key: unknown): string | undefined {
  if (key === undefined || key === 'ip' || key === 'user') return undefined;
  if (typeof key === 'object' && key !== null && !Array.isArray(key)) {
    const fields = Object.keys(key);
    const data = (key as { data?: unknown }).data;
    if (fields.length === 1 && typeof data === 'string' && data !== '') return undefined;
  }
  return `key must be 'ip', 'user', { data: 'name' } or a function (got ${JSON.stringify(key)})`;
}

/**
 * Why `@RateLimit(options)` is invalid, or undefined when it is valid. `functionKey`: the key is a
 * function (checked by the caller: the analyzer sees it in the source, the runtime as a value).
 */
export function invalidRateLimit(options: unknown, functionKey = false): string | undefined {
  if (options === false) return undefined;
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    return `must be ${RATE_LIMIT_EXPECTED}`;
  const { limit, window, key, ...rest } = options as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) return `has unknown field(s) ${unknown.join(', ')} (known: limit, window, key)`;
  if (!Number.isSafeInteger(limit) || (limit as number) <= 0)
    return `limit must be a positive integer (got ${JSON.stringify(limit)})`;
  if (windowMsOf(window) === undefined)
    return `window must be a positive whole number of ms up to 2147483647, or a duration such as '500ms', '30s', '1m', '1h' (got ${JSON.stringify(window)})`;
  return functionKey ? undefined : invalidKey(key);
}

/** The model's policy for valid options (`invalidRateLimit` said so); `false` opts out. */
export function rateLimitModel(
  policy: string,
  options: { limit: number; window: number | string; key?: unknown },
  functionKey = false,
): RateLimitModel {
  const key: RateLimitKeyModel = functionKey
    ? 'function'
    : ((options.key as StaticRateLimitKey | undefined) ?? 'ip');
  return { policy, limit: options.limit, windowMs: windowMsOf(options.window) as number, key };
}
