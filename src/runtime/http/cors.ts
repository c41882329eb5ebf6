/**
 * CORS, compiled once from the `cors` option. Its headers are set on the Node response before
 * anything else runs, so every answer of the request carries them: success, errors, 404/405,
 * blocks, SSE and WebSocket refusals. A preflight (`OPTIONS` with `Origin` and
 * `Access-Control-Request-Method`) also gets the methods, headers and max age it asks about.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { CorsOptions } from '../../model/app-options.js';

/** Sets the request's CORS headers on `res` (the preflight's `Access-Control-Allow-Methods` excepted). */
export type CorsStep = (headers: IncomingHttpHeaders, res: ServerResponse, method: string) => void;

export function compileCors(options: CorsOptions): CorsStep {
  const allowed = originCheck(options.origin);
  const anyOrigin = options.origin === '*';
  const credentials = options.credentials === true;
  const expose = options.exposeHeaders?.length ? options.exposeHeaders.join(', ') : undefined;
  const allowHeaders = options.allowHeaders?.join(', ');
  const maxAge = options.maxAge === undefined ? undefined : String(options.maxAge);
  return (headers, res, method) => {
    // The answer depends on Origin unless every origin gets the same '*'.
    if (!anyOrigin) res.setHeader('vary', 'Origin');
    const origin = headers.origin;
    if (origin === undefined || !allowed(origin)) return;
    res.setHeader('access-control-allow-origin', anyOrigin ? '*' : origin);
    if (credentials) res.setHeader('access-control-allow-credentials', 'true');
    const requested = headers['access-control-request-method'];
    if (method !== 'OPTIONS' || requested === undefined) {
      if (expose !== undefined) res.setHeader('access-control-expose-headers', expose);
      return;
    }
    const askedHeaders = headers['access-control-request-headers'];
    const answerHeaders = allowHeaders ?? askedHeaders;
    if (answerHeaders !== undefined && answerHeaders !== '')
      res.setHeader('access-control-allow-headers', answerHeaders);
    if (allowHeaders === undefined && askedHeaders !== undefined && !anyOrigin) {
      res.setHeader('vary', 'Origin, Access-Control-Request-Headers');
    }
    if (maxAge !== undefined) res.setHeader('access-control-max-age', maxAge);
  };
}

function originCheck(origin: CorsOptions['origin']): (origin: string) => boolean {
  if (origin === '*') return () => true;
  if (typeof origin === 'function') {
    // A throwing user function refuses the origin rather than failing the request.
    return (value) => {
      try {
        return origin(value) === true;
      } catch {
        return false;
      }
    };
  }
  const exact = new Set(origin);
  return (value) => exact.has(value);
}
