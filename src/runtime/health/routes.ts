/**
 * The two endpoints as routes of the app's route table, at absolute paths (never under the
 * prefix): the request handler matches them like any route (HEAD answered as GET, 405 with
 * `Allow` for other methods, a duplicate-route error when an app route takes the same path),
 * and their `handle` answers at once, with no middleware, guard or interceptor of the app.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { CompiledRoute } from '../app/compile-route.js';
import type { Exchange } from '../http/exchange.js';
import { JSON_TYPE, writeOut } from '../response/send.js';
import { OK, type HealthAnswer, type Readiness } from './readiness.js';

/** The resolved `health` option. */
export interface HealthSettings {
  live: string;
  ready: string;
  checkTimeoutMs: number;
}

/** A cached probe answer would outlive the state it reports. */
const HEADERS: OutgoingHttpHeaders = { 'cache-control': 'no-store' };

export function healthRoutes(settings: HealthSettings, readiness: Readiness): CompiledRoute[] {
  return [
    route(settings.live, "svc's liveness endpoint (the health.live option)", (ex) => send(ex, OK)),
    route(settings.ready, "svc's readiness endpoint (the health.ready option)", (ex) => ready(ex, readiness)),
  ];
}

function route(path: string, label: string, handle: CompiledRoute['handle']): CompiledRoute {
  return { label, kind: 'http', method: 'GET', fullPath: path, paramNames: [], handle };
}

function ready(ex: Exchange, readiness: Readiness): Promise<void> | void {
  const answer = readiness.answer();
  if (!(answer instanceof Promise)) return send(ex, answer);
  // The checks never reject (each ends ok, failed, threw or timeout).
  return answer.then((settled) => send(ex, settled));
}

function send(ex: Exchange, answer: HealthAnswer): void {
  writeOut(ex.res, ex.method === 'HEAD', answer.status, HEADERS, JSON_TYPE, answer.body);
}
