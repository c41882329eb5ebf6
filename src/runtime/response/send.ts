/**
 * Writes a value to the wire: string → text/plain, Uint8Array → octet-stream,
 * undefined → empty body, a Blob, file or stream → ./download.ts, anything else → JSON (each as
 * the route's `@contentType` when it has one). Content-Length is always set (but on a stream); a
 * HEAD request gets the same headers and no body. JSON and text of 1 KiB or more are compressed
 * when the app allows it (`allowCompression`) and the request accepts it.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { PROBLEM_CONTENT_TYPE, type Problem } from '../errors/problem.js';
import {
  chooseEncoding,
  compress,
  compressLater,
  COMPRESSION_THRESHOLD,
  isCompressible,
  type Encoding,
} from '../http/compression.js';
import { REQUEST_ID_HEADER } from '../http/request-id.js';
import { isDownload, sendDownload, type LateFailure } from './download.js';
import { withCharset } from './media-types.js';

/**
 * Set per request by the request handler (properties: no lookup table): the request id, which
 * `writeOut` adds to the headers it writes (not `res.setHeader`, which would put every answer
 * on Node's slower merge path in `writeHead`), and whether the app compresses.
 */
const REQUEST_ID = Symbol('svc.requestId');
const COMPRESS = Symbol('svc.compress');
type Tagged = ServerResponse & { [REQUEST_ID]?: string; [COMPRESS]?: true };

export function tagAnswer(res: ServerResponse, id: string, compress: boolean): void {
  (res as Tagged)[REQUEST_ID] = id;
  if (compress) (res as Tagged)[COMPRESS] = true;
}

/**
 * Past this size compression runs on libuv's thread pool: synchronous zlib is several times
 * cheaper per answer below it (measured: ~50 µs sync for 1.4 KB against ~370 µs through the pool),
 * but above it would hold the event loop for milliseconds.
 */
const ASYNC_COMPRESSION_BYTES = 64 * 1024;

/**
 * How a route's value becomes JSON text. `mediaType`: the route's `@contentType`, the type its
 * strings, bytes, JSON and streams are sent as (docs/routing.md, "Files and downloads").
 */
export type Serializer = ((value: unknown) => string) & { readonly mediaType?: string };

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

/** `failed`: told when a download's source fails after the head was sent (./download.ts). */
export function sendValue(
  res: ServerResponse,
  head: boolean,
  status: number,
  headers: OutgoingHttpHeaders | undefined,
  value: unknown,
  serialize: Serializer,
  failed?: LateFailure,
): void {
  if (value === undefined || value === null) {
    if (value === null) writeOut(res, head, status, headers, JSON_TYPE, 'null');
    else writeOut(res, head, status, headers, undefined, undefined);
  } else if (typeof value === 'string') {
    const type = serialize.mediaType;
    writeOut(res, head, status, headers, type === undefined ? TEXT : withCharset(type), value);
  } else if (value instanceof Uint8Array)
    writeOut(res, head, status, headers, serialize.mediaType ?? BYTES, value);
  else if (isDownload(value)) sendDownload(res, head, status, headers, value, serialize.mediaType, failed);
  else writeOut(res, head, status, headers, serialize.mediaType ?? JSON_TYPE, serialize(value));
}

/** The request id svc gave the answer, for the answers written outside `writeOut` (downloads). */
export function requestIdOf(res: ServerResponse): string | undefined {
  return (res as Tagged)[REQUEST_ID];
}

export function sendProblem(
  res: ServerResponse,
  head: boolean,
  problem: Problem,
  headers?: OutgoingHttpHeaders,
): void {
  // The request id names this occurrence of the problem (RFC 9457 `instance`).
  // A step may have set its own id on `ctx.response` (kept in `headers`): that is the one sent.
  const id = headers?.[REQUEST_ID_HEADER] ?? (res as Tagged)[REQUEST_ID];
  const body =
    typeof id === 'string' && problem.instance === undefined ? { ...problem, instance: id } : problem;
  writeOut(res, head, problem.status, headers, PROBLEM_CONTENT_TYPE, JSON.stringify(body));
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
  const id = (res as Tagged)[REQUEST_ID];
  if (bodiless(status)) {
    writeAndEnd(res, status, withDefaults(headers, id), undefined);
    return;
  }
  const length =
    payload === undefined ? 0 : typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength;
  const out =
    headers === undefined && id !== undefined && contentType !== undefined
      ? plainHeaders(id, contentType, length)
      : headersFor(headers, id, contentType, length);
  if (length >= COMPRESSION_THRESHOLD && (res as Tagged)[COMPRESS] === true) {
    const encoding = compressionFor(res, out);
    if (encoding !== undefined && !head) {
      sendCompressed(res, status, out, payload as string | Uint8Array, length, encoding);
      return;
    }
  }
  writeAndEnd(res, status, out, head ? undefined : payload);
}

/**
 * The headers of an answer the app added none to (most answers): one object literal, built in
 * one allocation with a fixed shape. Same names and order as headersFor gives.
 */
function plainHeaders(id: string, contentType: string, length: number): OutgoingHttpHeaders {
  // 'x-request-id' is REQUEST_ID_HEADER written out: a computed key would leave the literal's fast path.
  return {
    'x-content-type-options': 'nosniff',
    'x-request-id': id,
    'content-type': contentType,
    'content-length': length,
  };
}

/** The app's headers, with the defaults where the app set none, and the length svc counted. */
function headersFor(
  headers: OutgoingHttpHeaders | undefined,
  id: string | undefined,
  contentType: string | undefined,
  length: number,
): OutgoingHttpHeaders {
  const out = withDefaults(headers, id);
  if (contentType !== undefined && out['content-type'] === undefined) out['content-type'] = contentType;
  out['content-length'] = length;
  return out;
}

/** A copy of the app's headers (or none) with `nosniff` and the request id where the app set none. */
function withDefaults(headers: OutgoingHttpHeaders | undefined, id: string | undefined): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = headers === undefined ? {} : { ...headers };
  // Answers echo client input (problem details, text bodies): browsers must not sniff a type.
  if (out['x-content-type-options'] === undefined) out['x-content-type-options'] = 'nosniff';
  if (id !== undefined && out[REQUEST_ID_HEADER] === undefined) out[REQUEST_ID_HEADER] = id;
  return out;
}

/**
 * For a compressible answer: adds `Vary: Accept-Encoding` (the answer depends on it whatever the
 * request asked) and gives the encoding the request accepts, if any.
 */
function compressionFor(res: ServerResponse, out: OutgoingHttpHeaders): Encoding | undefined {
  const type = out['content-type'];
  if (typeof type !== 'string' || !isCompressible(type) || out['content-encoding'] !== undefined) return;
  const vary = out.vary ?? res.getHeader('vary');
  out.vary = vary === undefined || vary === '' ? 'Accept-Encoding' : `${String(vary)}, Accept-Encoding`;
  return chooseEncoding(res.req?.headers['accept-encoding']);
}

function sendCompressed(
  res: ServerResponse,
  status: number,
  out: OutgoingHttpHeaders,
  payload: string | Uint8Array,
  length: number,
  encoding: Encoding,
): void {
  out['content-encoding'] = encoding;
  if (length < ASYNC_COMPRESSION_BYTES) {
    const body = compress(payload, encoding);
    out['content-length'] = body.byteLength;
    writeAndEnd(res, status, out, body);
    return;
  }
  // The status is known now (the request log reads it when the handler returns).
  res.statusCode = status;
  compressLater(payload, encoding, (error, body) => {
    if (error !== null) {
      res.destroy(error);
      return;
    }
    out['content-length'] = body.byteLength;
    writeAndEnd(res, status, out, body);
  });
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
