/**
 * The one request handler, shared by the node:http server, `inject`, the WebSocket upgrade
 * resolver and the raw-socket custom methods: parse the URL once, match the path, pick the
 * route for the method (HEAD falls back to GET; OPTIONS, 404, 405 and 501 answered here),
 * decode the path parameters and run the route.
 */
import { STANDARD_METHODS } from '../../model/http-methods.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '../errors/http-error.js';
import { FrameworkHttpError } from '../errors/problem.js';
import { decodePathValues } from '../http/decode-path.js';
import { ended, Exchange, type RequestEnd } from '../http/exchange.js';
import type { CorsStep } from '../http/cors.js';
import { REQUEST_ID_HEADER, requestIdOf } from '../http/request-id.js';
import type { ShutdownSource } from '../http/request-signal.js';
import { answerError, type ErrorSettings } from '../response/answer-error.js';
import { tagAnswer, writeOut } from '../response/send.js';
import type { PathEntry, Router } from '../router/types.js';
import type { CompiledRoute } from './compile-route.js';

export interface RouteTable {
  router: Router<CompiledRoute>;
  /** Every method some route declares (plus HEAD and OPTIONS): others are 501. */
  methods: ReadonlySet<string>;
  /** `Allow` for `OPTIONS *`. */
  allowAll: string;
}

/**
 * Serves one request; never throws or rejects. Gives the exchange back at once when the route
 * ran synchronously to its answer, else a promise of it (callers `await` either). `onEnd`, when
 * given, is called with the exchange as the handling ends: the server counts requests in flight
 * and writes its log line through it, because a `.then` on every request's promise cost a third
 * of the JSON-body throughput (docs/performance.md).
 */
export type RequestHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  upgrade?: boolean,
  onEnd?: RequestEnd,
) => Promise<Exchange> | Exchange;

/**
 * Answers an `OPTIONS` no route declares, through the app-level middleware (so a middleware sees
 * CORS preflights too); the `Allow` header is already on the response.
 */
export type OptionsAnswer = (ex: Exchange) => Promise<void> | void;

export interface RequestSettings extends ErrorSettings {
  /** The app's CORS step, when `cors` is on. */
  cors: CorsStep | undefined;
  compression: boolean;
  /** Undefined when the app has no app-level middleware: a plain 204 is answered. */
  answerOptions: OptionsAnswer | undefined;
  /** The app's shutdown, which aborts every request's signal. */
  shutdown?: ShutdownSource;
}

export function createRequestHandler(table: RouteTable, settings: RequestSettings): RequestHandler {
  const { cors, compression } = settings;
  return function handleRequest(req, res, upgrade = false, onEnd) {
    const ex = new Exchange(req, res, req.method ?? 'GET', routedTarget(req.url ?? '/'));
    ex.upgrade = upgrade;
    ex.shutdown = settings.shutdown;
    // On the response before anything runs, so every answer of the request carries them.
    ex.id = requestIdOf(req.headers[REQUEST_ID_HEADER]);
    tagAnswer(res, ex.id, compression);
    if (cors !== undefined) cors(req.headers, res, ex.method);
    let running: Promise<void> | void;
    try {
      const route = selectRoute(table, ex);
      if (route === undefined) running = answerOptions(ex, settings.answerOptions);
      else {
        if (upgrade && route.kind !== 'websocket') {
          throw new FrameworkHttpError('SVC_ERR_NOT_FOUND', `No WebSocket route matches ${ex.path}.`);
        }
        running = route.handle(ex);
      }
    } catch (error) {
      answerError(ex, error, `${ex.method} ${ex.path}`, settings);
      return ended(ex, onEnd);
    }
    return running === undefined ? ended(ex, onEnd) : exchangeWhenDone(running, ex, onEnd);
  };
}

async function exchangeWhenDone(
  running: Promise<void>,
  ex: Exchange,
  onEnd: RequestEnd | undefined,
): Promise<Exchange> {
  await running;
  return ended(ex, onEnd);
}

/**
 * The route for the request, or undefined for an `OPTIONS` no route declares (its `Allow` then
 * set on the response).
 */
function selectRoute(table: RouteTable, ex: Exchange): CompiledRoute | undefined {
  const path = ex.path;
  if (path.charCodeAt(0) !== 47 /* '/' */) return nonOriginForm(table, ex);
  const match = table.router.match(path);
  if (match === undefined) throw new FrameworkHttpError('SVC_ERR_NOT_FOUND', `No route matches ${path}.`);
  const handlers = match.entry.handlers;
  const route = handlers.get(ex.method) ?? (ex.method === 'HEAD' ? handlers.get('GET') : undefined);
  if (route !== undefined) {
    if (route.paramNames.length > 0) {
      ex.paramNames = route.paramNames;
      ex.paramValues = decodePathValues(match.params);
    }
    return route;
  }
  if (ex.method === 'OPTIONS') return allowOnly(ex, match.entry.allow);
  throw methodError(table, ex, match.entry);
}

function allowOnly(ex: Exchange, allow: string): undefined {
  ex.res.setHeader('allow', allow);
  // A CORS preflight the app allowed: the methods it asks about are the path's.
  if (
    ex.res.hasHeader('access-control-allow-origin') &&
    ex.headers['access-control-request-method'] !== undefined
  )
    ex.res.setHeader('access-control-allow-methods', allow);
  return undefined;
}

/** `OPTIONS` with no route of its own: through the app-level middleware when there is any, then 204. */
function answerOptions(ex: Exchange, throughMiddleware: OptionsAnswer | undefined): Promise<void> | void {
  if (throughMiddleware !== undefined) return throughMiddleware(ex);
  writeOut(ex.res, false, 204, undefined, undefined, undefined);
}

function methodError(table: RouteTable, ex: Exchange, entry: PathEntry<CompiledRoute>): HttpError {
  if (!table.methods.has(ex.method) && !STANDARD_METHODS.has(ex.method)) {
    return new FrameworkHttpError(
      'SVC_ERR_NOT_IMPLEMENTED',
      `No route of this app answers the method ${ex.method}.`,
    );
  }
  return new FrameworkHttpError(
    'SVC_ERR_METHOD_NOT_ALLOWED',
    `${ex.path} does not answer ${ex.method}; it answers ${entry.allow}.`,
    undefined,
    { allow: entry.allow },
  );
}

/** `http://` or `https://` and the authority of an absolute-form target. */
const ABSOLUTE_FORM_AUTHORITY = /^https?:\/\/[^/?#]*/i;

/**
 * The target routed on: an absolute-form target (`http://host/path?q`, which RFC 9112 §3.2.2
 * says a server must accept; clients send it to proxies) is served by its path and query, an
 * empty path being `/`. `req.url` keeps the target as sent.
 */
function routedTarget(url: string): string {
  if (url.charCodeAt(0) === 47 /* '/' */) return url;
  const authority = ABSOLUTE_FORM_AUTHORITY.exec(url);
  if (authority === null) return url;
  const rest = url.slice(authority[0].length);
  return rest.charCodeAt(0) === 47 ? rest : `/${rest}`;
}

/** `OPTIONS *` asks about the server; any other target neither origin- nor absolute-form is a bad path. */
function nonOriginForm(table: RouteTable, ex: Exchange): undefined {
  if (ex.method === 'OPTIONS' && ex.path === '*') return allowOnly(ex, table.allowAll);
  throw new FrameworkHttpError('SVC_ERR_BAD_PATH', 'The request target must be a path starting with /.');
}
