/**
 * The OpenTelemetry semantic-convention names svc writes (HTTP server spans and metrics, stable
 * since semconv 1.23), and the small parsers that fill them from a request.
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

export const HTTP_REQUEST_METHOD = 'http.request.method';
export const HTTP_REQUEST_METHOD_ORIGINAL = 'http.request.method_original';
export const HTTP_RESPONSE_STATUS_CODE = 'http.response.status_code';
export const HTTP_ROUTE = 'http.route';
export const URL_PATH = 'url.path';
export const URL_SCHEME = 'url.scheme';
export const SERVER_ADDRESS = 'server.address';
export const SERVER_PORT = 'server.port';
export const ERROR_TYPE = 'error.type';
/** svc's own: the request id of the answer's `X-Request-Id` and of the request log line. */
export const SVC_REQUEST_ID = 'svc.request_id';

/** What the conventions say a method outside the known set is recorded as (it keeps metrics' cardinality bounded). */
export const OTHER_METHOD = '_OTHER';

/**
 * A route pattern as the conventions want `http.route` and as the OpenAPI documents write it:
 * `/books/:id` → `/books/{id}`.
 */
export function routeTemplate(pattern: string): string {
  return pattern.replace(/:([^/]+)/g, '{$1}');
}

export function schemeOf(req: IncomingMessage): 'http' | 'https' {
  return (req.socket as TLSSocket | null)?.encrypted === true ? 'https' : 'http';
}

/**
 * `server.address` and `server.port`: from the `Host` header (HTTP/2: `:authority`) the client sent (the name it
 * reached the server by: `example.com:8080`, `[::1]:3000`, `example.com`, the port then the
 * scheme's), else the socket's local address.
 */
export function serverOf(
  req: IncomingMessage,
  scheme: string,
): { address: string; port: number } | undefined {
  // HTTP/2 names the authority in its own pseudo-header.
  const host = req.headers.host ?? (req.headers[':authority'] as string | undefined);
  if (host === undefined || host === '') {
    const socket = req.socket as { localAddress?: string; localPort?: number } | null;
    if (socket?.localAddress === undefined || socket.localPort === undefined) return undefined;
    return { address: socket.localAddress, port: socket.localPort };
  }
  const defaultPort = scheme === 'https' ? 443 : 80;
  const bracket = host.charCodeAt(0) === 91; /* '[' */
  const end = bracket ? host.indexOf(']') : -1;
  const colon = bracket ? (host.charCodeAt(end + 1) === 58 ? end + 1 : -1) : host.lastIndexOf(':');
  const address = bracket
    ? host.slice(1, end === -1 ? undefined : end)
    : colon === -1
      ? host
      : host.slice(0, colon);
  const port = colon === -1 ? defaultPort : Number(host.slice(colon + 1));
  return { address, port: Number.isInteger(port) ? port : defaultPort };
}
