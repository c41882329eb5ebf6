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
import { decodePathParams } from '../http/decode-path.js';
import { Exchange } from '../http/exchange.js';
import { answerError, type ErrorSettings } from '../response/answer-error.js';
import { writeOut } from '../response/send.js';
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
 * ran synchronously to its answer, else a promise of it (callers `await` either).
 */
export type RequestHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  upgrade?: boolean,
) => Promise<Exchange> | Exchange;

export function createRequestHandler(table: RouteTable, settings: ErrorSettings): RequestHandler {
  return function handleRequest(req, res, upgrade = false) {
    const ex = new Exchange(req, res, req.method ?? 'GET', req.url ?? '/');
    ex.upgrade = upgrade;
    let route: CompiledRoute | undefined;
    try {
      route = selectRoute(table, ex);
      if (route === undefined) return ex;
      if (upgrade && route.kind !== 'websocket') {
        throw new FrameworkHttpError('SVC_ERR_NOT_FOUND', `No WebSocket route matches ${ex.path}.`);
      }
    } catch (error) {
      answerError(ex, error, `${ex.method} ${ex.path}`, settings);
      return ex;
    }
    const running = route.handle(ex);
    return running === undefined ? ex : exchangeWhenDone(running, ex);
  };
}

async function exchangeWhenDone(running: Promise<void>, ex: Exchange): Promise<Exchange> {
  await running;
  return ex;
}

/** The route for the request, or undefined when this function already answered (OPTIONS). */
function selectRoute(table: RouteTable, ex: Exchange): CompiledRoute | undefined {
  const path = ex.path;
  if (path.charCodeAt(0) !== 47 /* '/' */) return answerNonOriginForm(table, ex);
  const match = table.router.match(path);
  if (match === undefined) throw new FrameworkHttpError('SVC_ERR_NOT_FOUND', `No route matches ${path}.`);
  const handlers = match.entry.handlers;
  const route = handlers.get(ex.method) ?? (ex.method === 'HEAD' ? handlers.get('GET') : undefined);
  if (route !== undefined) {
    if (route.paramNames.length > 0) ex.params = decodePathParams(route.paramNames, match.params);
    return route;
  }
  if (ex.method === 'OPTIONS') return answerOptions(ex, match.entry);
  throw methodError(table, ex, match.entry);
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

function answerOptions(ex: Exchange, entry: PathEntry<CompiledRoute>): undefined {
  writeOut(ex.res, false, 204, { allow: entry.allow }, undefined, undefined);
  return undefined;
}

/** `OPTIONS *` asks about the server; any other non-origin-form target is a bad path. */
function answerNonOriginForm(table: RouteTable, ex: Exchange): undefined {
  if (ex.method === 'OPTIONS' && ex.path === '*') {
    writeOut(ex.res, false, 204, { allow: table.allowAll }, undefined, undefined);
    return undefined;
  }
  throw new FrameworkHttpError('SVC_ERR_BAD_PATH', 'The request target must be a path starting with /.');
}
