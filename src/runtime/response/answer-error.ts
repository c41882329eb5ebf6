/**
 * The default answer to a thrown error: an `HttpError` becomes its problem; anything else is
 * logged once and answered 500 with no stack (outside dev mode).
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { HttpError } from '../errors/http-error.js';
import { FrameworkHttpError, httpErrorProblem, internalProblem } from '../errors/problem.js';
import type { Exchange } from '../http/exchange.js';
import { withKeptHeaders } from './kept-headers.js';
import type { LateFailure } from './download.js';
import { requestIdOf, sendProblem } from './send.js';

export interface ErrorSettings {
  dev: boolean;
  log: (line: string) => void;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
}

/** What is logged when an answer fails after its head is on the wire: once, with the request id. */
function logLate(label: string, settings: ErrorSettings, id: string | undefined, error: unknown): void {
  const request = id === undefined ? '' : ` (request ${id})`;
  settings.log(`svc: ${label} failed after the response started${request}: ${describeError(error)}`);
}

/**
 * For a route's downloads: a source that fails mid-answer (./download.ts) is logged like any
 * failure after the head; the answer itself is cut there.
 */
export function lateFailureLogger(label: string, settings: ErrorSettings): LateFailure {
  return (res, error) => logLate(label, settings, requestIdOf(res), error);
}

export function answerError(ex: Exchange, error: unknown, label: string, settings: ErrorSettings): void {
  const res = ex.res;
  if (res.headersSent) {
    // A stream already started: the status is on the wire, so the only honest end is to cut it.
    logLate(label, settings, ex.id === '' ? undefined : ex.id, error);
    if (!res.writableEnded) res.destroy();
    return;
  }
  const head = ex.method === 'HEAD';
  // A writeHead that threw (a header value with CR/LF) has already set its reason phrase;
  // cleared, the problem's status gets its own ('500 Internal Server Error', not '500 Found').
  res.statusMessage = '';
  // Headers a step already set on `ctx.response` (a timing or request id header, set in a
  // `finally`) stay on the error's answer; the error's own headers win over them.
  if (error instanceof HttpError) {
    const own: OutgoingHttpHeaders | undefined =
      error instanceof FrameworkHttpError ? error.headers : undefined;
    sendProblem(res, head, httpErrorProblem(error), withKeptHeaders(ex, own));
    return;
  }
  settings.log(`svc: ${label} threw: ${describeError(error)}`);
  sendProblem(res, head, internalProblem(error, settings.dev), withKeptHeaders(ex, undefined));
}
