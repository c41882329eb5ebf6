/**
 * Every request has an id: an incoming `X-Request-Id` is kept when it is sane (a proxy or the
 * client made it, and logs on both sides then agree), else one is made. Made ids are a per-process
 * random prefix and a counter: unique across restarts and workers, and cheaper than a UUID each.
 */
import { randomBytes } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';
/** Longer ids are replaced: a header is echoed and logged, so its size must be bounded. */
export const MAX_REQUEST_ID_LENGTH = 128;

const PREFIX = randomBytes(6).toString('base64url');
let counter = 0;

/**
 * Letters, digits and `-_.~:+/=@`: UUIDs, base64 and the usual tracing formats, and nothing
 * that could break a log line or a header (spaces, quotes, control characters).
 */
function isSaneId(value: string): boolean {
  if (value.length === 0 || value.length > MAX_REQUEST_ID_LENGTH) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    // - . / : = @ _ ~ +
    if (
      !alnum &&
      c !== 45 &&
      c !== 46 &&
      c !== 47 &&
      c !== 58 &&
      c !== 61 &&
      c !== 64 &&
      c !== 95 &&
      c !== 126 &&
      c !== 43
    )
      return false;
  }
  return true;
}

/** The incoming id if it is sane, else a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  if (typeof incoming === 'string' && isSaneId(incoming)) return incoming;
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${PREFIX}-${counter.toString(36)}`;
}
