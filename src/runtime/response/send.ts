/**
 * Writes a value to the wire: string → text/plain, Uint8Array → octet-stream,
 * undefined → empty body, anything else → JSON. Content-Length is always set; a HEAD request
 * gets the same headers and no body.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { PROBLEM_CONTENT_TYPE, type Problem } from '../errors/problem.js';

export type Serializer = (value: unknown) => string;

export const TEXT = 'text/plain; charset=utf-8';
export const JSON_TYPE = 'application/json';
export const BYTES = 'application/octet-stream';

/** Statuses that never carry a body or a Content-Length. */
function bodiless(status: number): boolean {
  return status < 200 || status === 204 || status === 304;
}

function validStatus(status: number): number {
  return Number.isInteger(status) && status >= 100 && status <= 999 ? status : 500;
}

export function sendValue(
  res: ServerResponse,
  head: boolean,
  status: number,
  headers: OutgoingHttpHeaders | undefined,
  value: unknown,
  serialize: Serializer,
): void {
  if (value === undefined || value === null) {
    if (value === null) writeOut(res, head, status, headers, JSON_TYPE, 'null');
    else writeOut(res, head, status, headers, undefined, undefined);
  } else if (typeof value === 'string') writeOut(res, head, status, headers, TEXT, value);
  else if (value instanceof Uint8Array) writeOut(res, head, status, headers, BYTES, value);
  else writeOut(res, head, status, headers, JSON_TYPE, serialize(value));
}

export function sendProblem(
  res: ServerResponse,
  head: boolean,
  problem: Problem,
  headers?: OutgoingHttpHeaders,
): void {
  writeOut(res, head, problem.status, headers, PROBLEM_CONTENT_TYPE, JSON.stringify(problem));
}

/** The one place a response is written. Headers given by the app win over the defaults. */
export function writeOut(
  res: ServerResponse,
  head: boolean,
  rawStatus: number,
  headers: OutgoingHttpHeaders | undefined,
  contentType: string | undefined,
  payload: string | Uint8Array | undefined,
): void {
  if (res.headersSent || res.writableEnded) return;
  const status = validStatus(rawStatus);
  const out: OutgoingHttpHeaders = headers === undefined ? {} : { ...headers };
  // Answers echo client input (problem details, text bodies): browsers must not sniff a type.
  if (out['x-content-type-options'] === undefined) out['x-content-type-options'] = 'nosniff';
  if (bodiless(status)) {
    writeAndEnd(res, status, out, undefined);
    return;
  }
  if (contentType !== undefined && out['content-type'] === undefined) out['content-type'] = contentType;
  out['content-length'] =
    payload === undefined ? 0 : typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength;
  writeAndEnd(res, status, out, head ? undefined : payload);
}

function writeAndEnd(
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  payload: string | Uint8Array | undefined,
): void {
  res.writeHead(status, headers);
  if (payload === undefined) res.end();
  else res.end(payload);
}
