/**
 * The header fields of draft-ietf-httpapi-ratelimit-headers (revision 10, as in 11): the policy
 * (`RateLimit-Policy: "default";q=100;w=60`, quota and window in seconds) and what is left of it
 * (`RateLimit: "default";r=42;t=17`, remaining requests and seconds until the window resets),
 * both Structured Field lists of one quoted policy name. A 429 adds `Retry-After` (seconds).
 */
export const POLICY_HEADER = 'ratelimit-policy';
export const STATE_HEADER = 'ratelimit';
export const RETRY_AFTER_HEADER = 'retry-after';

/** The one policy a route answers under; clients see one policy per route, so one name serves. */
const POLICY_NAME = '"default"';

/** Whole seconds, rounded up: a client that waits `t` seconds finds the window reset. */
export function seconds(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

export function policyValue(limit: number, windowMs: number): string {
  return `${POLICY_NAME};q=${limit};w=${seconds(windowMs)}`;
}

export function stateValue(remaining: number, resetInMs: number): string {
  return `${POLICY_NAME};r=${Math.max(0, remaining)};t=${seconds(resetInMs)}`;
}
