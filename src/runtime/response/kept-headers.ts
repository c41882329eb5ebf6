/**
 * The headers rule: headers an earlier step set on `ctx.response` (a request id, CORS headers, a
 * timing header) stay on every answer of the request: a stop, a block, a thrown error, a 400, a
 * 413 or a 415. Headers given with the answer itself win over them. Every answer path that does
 * not send `ctx.response` as it stands merges through here.
 */
import { validateHeaderName, validateHeaderValue, type OutgoingHttpHeaders } from 'node:http';
import type { Exchange } from '../http/exchange.js';

/**
 * `own` with the kept headers under it; `own` itself (no copy, no work) when the request has no
 * context or nothing was set on it, the per-request path of most routes.
 */
export function withKeptHeaders(
  ex: Exchange,
  own: OutgoingHttpHeaders | undefined,
): OutgoingHttpHeaders | undefined {
  const context = ex.context;
  if (context === undefined) return own;
  const kept = writableHeaders(context.response.headers);
  if (kept === undefined) return own;
  return own === undefined ? kept : { ...kept, ...own };
}

/**
 * The headers Node accepts, or undefined when there are none: the error being answered may be
 * that one of them was refused (a value with CR/LF), and carrying it over would fail this answer
 * too (and could split the response).
 */
function writableHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders | undefined {
  let out: OutgoingHttpHeaders | undefined;
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    try {
      validateHeaderName(name);
      if (Array.isArray(value)) for (const item of value) validateHeaderValue(name, String(item));
      else validateHeaderValue(name, String(value));
      (out ??= {})[name] = value;
    } catch {
      // Refused: left out of this answer.
    }
  }
  return out;
}
