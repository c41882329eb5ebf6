/**
 * One request in flight: the Node request/response pair plus what svc parsed from it. It is
 * the `ctx.request` view too, so a pre-interceptor that changes `ctx.request` changes what
 * the handler binds. Query and cookies are parsed on first use, once.
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { CookieOptions, RequestContext, RequestView, ResponseView } from '../context.js';
import { DataHolder } from '../data-holder.js';
import { parseCookies } from './cookies.js';
import { paramsRecord } from './decode-path.js';
import { parseQuery, type QueryRecord } from './query.js';
import type { WebSocketHandler } from '../streams/websocket-session.js';
import { CONNECTION_CLOSED, RequestSignal, type ShutdownSource } from './request-signal.js';
import { expiredCookie, serializeCookie } from './set-cookie.js';

export class Exchange implements RequestView {
  /** Set by the request handler before anything runs. */
  id = '';
  readonly method: string;
  readonly path: string;
  readonly rawQuery: string;
  readonly headers: IncomingHttpHeaders;
  /**
   * The route's path parameters: decoded values in the order of `paramNames`. The `params`
   * record is made from the two only when something reads it (a route's own binder reads the
   * values by position, see pathParam).
   */
  paramValues: readonly string[] = NO_VALUES;
  paramNames: readonly string[] = NO_VALUES;
  body: unknown = undefined;
  context: RequestContext | undefined = undefined;
  /** True when the request asks for a WebSocket upgrade (it came through the 'upgrade' event). */
  upgrade = false;
  /** Set by a WebSocket route that accepted the upgrade: runs the handler for the connection. */
  webSocketHandler: WebSocketHandler | undefined = undefined;
  /** `@Messages()`: the incoming messages of the accepted connection. */
  messages: AsyncIterable<string> | undefined = undefined;
  /**
   * `@Next()`: the rest of the lifecycle after the around-interceptor being bound. Set just before
   * that interceptor's arguments are bound (binding is synchronous), so nesting needs no stack.
   */
  next: (() => Promise<unknown>) | undefined = undefined;
  /** The app's shutdown, which aborts `signal`; set by the request handler. */
  shutdown: ShutdownSource | undefined = undefined;
  private requestSignal: RequestSignal | undefined = undefined;
  private upgradeEnd: ConnectionEnd | undefined = undefined;
  private parsedQuery: QueryRecord | undefined = undefined;
  private parsedCookies: Record<string, string> | undefined = undefined;
  private paramsView: Record<string, string> | undefined = undefined;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    method: string,
    url: string,
  ) {
    this.method = method;
    this.headers = req.headers;
    const q = url.indexOf('?');
    this.path = q === -1 ? url : url.slice(0, q);
    this.rawQuery = q === -1 ? '' : url.slice(q + 1);
  }

  get raw(): IncomingMessage {
    return this.req;
  }

  get params(): Record<string, string> {
    return (this.paramsView ??= paramsRecord(this.paramNames, this.paramValues));
  }

  /** A pre-interceptor may replace the record: from then on every read goes through it. */
  set params(value: Record<string, string>) {
    this.paramsView = value;
  }

  /**
   * The route's `index`-th parameter, named `name`: read by position until the `params` record
   * exists (it may have been changed since), then from the record (own keys only).
   */
  pathParam(index: number, name: string): string | undefined {
    const view = this.paramsView;
    if (view === undefined) return this.paramValues[index];
    return Object.hasOwn(view, name) ? view[name] : undefined;
  }

  get query(): QueryRecord {
    return (this.parsedQuery ??= parseQuery(this.rawQuery));
  }

  set query(value: QueryRecord) {
    this.parsedQuery = value;
  }

  get cookies(): Record<string, string> {
    return (this.parsedCookies ??= parseCookies(this.headers.cookie));
  }

  set cookies(value: Record<string, string>) {
    this.parsedCookies = value;
  }

  /** `@Signal()` and `ctx.signal`: made on first use (see RequestSignal). */
  get signal(): AbortSignal {
    return this.watchedEnd().signal;
  }

  /**
   * What the request's WebSocket calls when it closes: the signal aborts, and the request is over.
   * It holds only those, not the exchange: a held connection keeps none of the upgrade request
   * (its IncomingMessage, ServerResponse, `ctx`) that its handler did not take.
   */
  connectionCloser(): () => void {
    return (this.upgradeEnd ??= new ConnectionEnd()).close;
  }

  /**
   * Calls `callback` once when the request is over: its response closed (complete or cut) or, on
   * an upgraded request, its WebSocket closed.
   */
  whenOver(callback: () => void): void {
    if (this.upgrade) (this.upgradeEnd ??= new ConnectionEnd()).whenClosed(callback);
    else if (this.res.closed) callback();
    else this.res.once('close', callback);
  }

  private watchedEnd(): RequestSignal {
    if (this.requestSignal !== undefined) return this.requestSignal;
    const signal = new RequestSignal(this.res, !this.upgrade, this.shutdown);
    if (this.upgrade) (this.upgradeEnd ??= new ConnectionEnd()).abortOnClose(signal);
    return (this.requestSignal = signal);
  }

  /** Creates `ctx` for routes whose components or parameters use it. */
  openContext(status: number, headers: readonly (readonly [string, string])[]): RequestContext {
    const response = new ResponseState(status, this.res);
    for (const [name, value] of headers) response.setHeader(name, value);
    this.context = new ContextState(this, response);
    return this.context;
  }
}

/** `ctx`: its signal is the exchange's, made only when read. */
class ContextState implements RequestContext {
  readonly data = new DataHolder();
  error?: unknown;

  constructor(
    readonly request: Exchange,
    readonly response: ResponseState,
  ) {}

  get signal(): AbortSignal {
    return this.request.signal;
  }
}

/** The close of an upgraded request's WebSocket, and what it ends: the request's signal, then the callbacks. */
class ConnectionEnd {
  private closed = false;
  private signal: RequestSignal | undefined;
  private callbacks: (() => void)[] = [];

  readonly close = (): void => {
    if (this.closed) return;
    this.closed = true;
    this.signal?.abort(CONNECTION_CLOSED);
    const callbacks = this.callbacks;
    this.callbacks = [];
    for (const callback of callbacks) callback();
  };

  abortOnClose(signal: RequestSignal): void {
    if (this.closed) signal.abort(CONNECTION_CLOSED);
    else this.signal = signal;
  }

  whenClosed(callback: () => void): void {
    if (this.closed) callback();
    else this.callbacks.push(callback);
  }
}

const NO_VALUES: readonly string[] = Object.freeze([]);

/**
 * The prototype of every `ctx.response.headers`: empty and frozen, so the record inherits nothing
 * (a header named `__proto__` is just a key) and, unlike `Object.create(null)`, stays a fast
 * object: copying a dictionary-mode record into each answer's headers cost ~0.1 µs even empty.
 */
const HEADERS_PROTOTYPE: object = Object.freeze(Object.create(null) as object);

/** `ctx.response`: the status, headers and body that will be sent. */
export class ResponseState implements ResponseView {
  body: unknown = undefined;
  readonly headers: OutgoingHttpHeaders = Object.create(HEADERS_PROTOTYPE) as OutgoingHttpHeaders;

  constructor(
    public status: number,
    readonly raw: ServerResponse,
  ) {}

  setHeader(name: string, value: string | number | readonly string[]): void {
    this.headers[name.toLowerCase()] = value as string | number | string[];
  }

  getHeader(name: string): string | number | readonly string[] | undefined {
    return this.headers[name.toLowerCase()];
  }

  removeHeader(name: string): void {
    delete this.headers[name.toLowerCase()];
  }

  setCookie(name: string, value: string, options?: CookieOptions): void {
    this.appendSetCookie(serializeCookie(name, value, options));
  }

  clearCookie(name: string, options?: Pick<CookieOptions, 'path' | 'domain'>): void {
    this.appendSetCookie(expiredCookie(name, options));
  }

  /** Several cookies are several `Set-Cookie` headers (they cannot be joined with commas). */
  private appendSetCookie(line: string): void {
    const current = this.headers['set-cookie'];
    this.headers['set-cookie'] =
      current === undefined ? [line] : Array.isArray(current) ? [...current, line] : [String(current), line];
  }
}

/** Told when the handling of a request ends (see RequestHandler in src/runtime/app). */
export type RequestEnd = (ex: Exchange) => void;

/** The exchange, after telling `onEnd` (if any) that its handling ended. */
export function ended(ex: Exchange, onEnd: RequestEnd | undefined): Exchange {
  if (onEnd !== undefined) onEnd(ex);
  return ex;
}
