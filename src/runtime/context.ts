/** The request context `@Ctx()` binds: the raw parts of a request and its response. */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { DataHolder } from './data-holder.js';
import type { CookieOptions } from './http/set-cookie.js';

export type { CookieOptions } from './http/set-cookie.js';

export interface RequestView {
  /** The request id: the incoming `X-Request-Id` when sane, else a new one (echoed as `X-Request-Id`). */
  readonly id: string;
  method: string;
  /** Path without the query string, as received (still percent-encoded). */
  path: string;
  headers: IncomingHttpHeaders;
  /** Raw query values: a repeated key gives an array. */
  query: Record<string, string | string[]>;
  /** Cookies from the `Cookie` header, by name. */
  cookies: Record<string, string>;
  /** URL-decoded path parameters. */
  params: Record<string, string>;
  /** Parsed JSON body, when the route reads one (undefined otherwise). */
  body: unknown;
  /** The underlying Node request; absent for requests served outside node:http. */
  raw?: IncomingMessage;
}

export interface ResponseView {
  status: number;
  /** The handler's value before serialization; a post-interceptor may replace it. */
  body: unknown;
  setHeader(name: string, value: string | number | readonly string[]): void;
  getHeader(name: string): string | number | readonly string[] | undefined;
  /**
   * Adds a `Set-Cookie` header (one per cookie): the value is sent `encodeURIComponent`-encoded;
   * a name that is not an RFC 6265 token throws `SVC_ERR_INVALID_COOKIE`.
   */
  setCookie(name: string, value: string, options?: CookieOptions): void;
  /** Adds a `Set-Cookie` that expires the cookie at once; give the `path`/`domain` it was set with. */
  clearCookie(name: string, options?: Pick<CookieOptions, 'path' | 'domain'>): void;
  /** All headers set so far (lower-case names). */
  readonly headers: OutgoingHttpHeaders;
  raw?: ServerResponse;
}

export interface RequestContext {
  request: RequestView;
  response: ResponseView;
  data: DataHolder;
  /**
   * Aborts when the client leaves before the answer is complete, when the app shuts down, or (on
   * a WebSocket route) when the connection closes; the same signal `@Signal()` binds.
   */
  readonly signal: AbortSignal;
  /** In a `@Catch` method: the error being handled. */
  error?: unknown;
}
