/**
 * Answers that are not JSON or text: a web `Blob` or `File`, a file by path (`sendFile`), a web
 * `ReadableStream` or a node `Readable` (docs/routing.md, "Files and downloads"). Blobs and files
 * have a size and validators, so they are served in part and conditionally (./seekable.ts); a
 * stream is sent as it comes, chunked. Every source is streamed with backpressure and let go
 * (destroyed, cancelled) when the client leaves.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { frameworkProblem } from '../errors/problem.js';
import { REQUEST_ID_HEADER } from '../http/request-id.js';
import { contentDisposition } from './disposition.js';
import { FileAnswer, isMissing } from './file-answer.js';
import { mediaTypeOfPath, OCTET_STREAM } from './media-types.js';
import type { ByteRange } from './ranges.js';
import { answerSeekable } from './seekable.js';
import { requestIdOf, sendProblem } from './send.js';

export type Download = Blob | FileAnswer | ReadableStream<Uint8Array> | Readable;

/**
 * Told once when a source fails after the answer's head is on the wire (a stream that errors
 * mid-answer, a file that cannot be read to its end): the answer is cut, this says why.
 */
export type LateFailure = (res: ServerResponse, error: unknown) => void;

export function isDownload(value: unknown): value is Download {
  if (typeof value !== 'object' || value === null) return false;
  // Most answers are plain objects and arrays: two comparisons instead of four prototype walks.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === Array.prototype) return false;
  return (
    value instanceof Blob ||
    value instanceof FileAnswer ||
    value instanceof ReadableStream ||
    value instanceof Readable
  );
}

/** `declared`: the route's `@contentType`, for a value that names no type of its own. */
export function sendDownload(
  res: ServerResponse,
  head: boolean,
  status: number,
  appHeaders: OutgoingHttpHeaders | undefined,
  value: Download,
  declared: string | undefined,
  failed?: LateFailure,
): void {
  if (res.headersSent || res.writableEnded) return;
  if (value instanceof FileAnswer) sendFileAnswer(res, head, status, appHeaders, value, declared, failed);
  else if (value instanceof Blob) sendBlob(res, head, status, appHeaders, value, declared);
  else sendStream(res, { status, appHeaders, declared, failed }, head, value);
}

/** svc's defaults, the type and disposition, then the app's headers over them. */
function answerHeaders(
  res: ServerResponse,
  appHeaders: OutgoingHttpHeaders | undefined,
  type: string,
  disposition: string | undefined,
): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = { 'x-content-type-options': 'nosniff', 'content-type': type };
  const id = requestIdOf(res);
  if (id !== undefined) out[REQUEST_ID_HEADER] = id;
  if (disposition !== undefined) out['content-disposition'] = disposition;
  return appHeaders === undefined ? out : { ...out, ...appHeaders };
}

/** A weak tag of the size and a second part that changes with the content (time or hash). */
function weakTag(size: number, version: string): string {
  return `W/"${size.toString(16)}-${version}"`;
}

function sendFileAnswer(
  res: ServerResponse,
  head: boolean,
  status: number,
  appHeaders: OutgoingHttpHeaders | undefined,
  file: FileAnswer,
  declared: string | undefined,
  failed: LateFailure | undefined,
): void {
  const type = file.type ?? declared ?? mediaTypeOfPath(file.path) ?? OCTET_STREAM;
  const disposition = file.disposition && contentDisposition(file.disposition, file.name);
  const modified = file.modified.getTime();
  answerSeekable(res, head, status, {
    size: file.size,
    validators: { etag: weakTag(file.size, Math.floor(modified).toString(16)), lastModified: file.modified },
    headers: answerHeaders(res, appHeaders, type, disposition),
    appHeaders,
    writeBody: (code, headers, range) =>
      streamFile(res, file.path, { status: code, headers, appHeaders }, range, failed),
  });
}

/**
 * Opens the file before the head is written, so a file gone since `sendFile` looked is still a
 * 404; then streams it. A client gone before the file opened closes it.
 */
function streamFile(
  res: ServerResponse,
  path: string,
  { status, headers, appHeaders }: Head,
  range: ByteRange | undefined,
  failed: LateFailure | undefined,
): void {
  const source = createReadStream(path, range && { start: range.start, end: range.end });
  const abandon = (): void => {
    source.destroy();
  };
  res.once('close', abandon);
  source.once('error', (error) => {
    res.off('close', abandon);
    if (res.headersSent) res.destroy();
    else sendProblem(res, false, unreadableProblem(error), appHeaders);
  });
  source.once('ready', () => {
    res.off('close', abandon);
    if (writeHead(res, status, headers, appHeaders)) pipeInto(source, res, failed);
    else source.destroy();
  });
}

/**
 * The head of an answer written after the handler returned, where nothing else would catch a
 * header Node refuses (a `type` or app header with CR/LF): a 500 instead, the process unharmed.
 */
function writeHead(
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  appHeaders: OutgoingHttpHeaders | undefined,
): boolean {
  try {
    res.writeHead(status, headers);
    return true;
  } catch {
    failLate(res, appHeaders);
    return false;
  }
}

/** A failure after the handler returned: a 500 while nothing is sent, else the answer is cut. */
function failLate(res: ServerResponse, appHeaders: OutgoingHttpHeaders | undefined): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusMessage = '';
  try {
    sendProblem(res, false, unreadableProblem(undefined), appHeaders);
  } catch {
    // The app's own headers are refused too: the problem alone.
    sendProblem(res, false, unreadableProblem(undefined));
  }
}

function unreadableProblem(error: unknown): ReturnType<typeof frameworkProblem> {
  return isMissing(error)
    ? frameworkProblem('SVC_ERR_FILE_NOT_FOUND', 'The file this answer names does not exist.')
    : frameworkProblem('SVC_ERR_INTERNAL', 'An unexpected error occurred.');
}

/**
 * A `File` is tagged by its size and `lastModified`; any other Blob by its size and a hash of its
 * bytes (read once, then sent from memory: a Blob is in memory already).
 */
function sendBlob(
  res: ServerResponse,
  head: boolean,
  status: number,
  appHeaders: OutgoingHttpHeaders | undefined,
  blob: Blob,
  declared: string | undefined,
): void {
  const type = blob.type === '' ? (declared ?? OCTET_STREAM) : blob.type;
  const name = blob instanceof File ? blob.name : undefined;
  const headers = answerHeaders(res, appHeaders, type, name && contentDisposition('attachment', name));
  const answer = (etag: string, bytes: Uint8Array | undefined): void =>
    answerSeekable(res, head, status, {
      size: blob.size,
      validators: { etag },
      headers,
      appHeaders,
      writeBody: (code, out, range) =>
        writeBlob(res, { status: code, headers: out, appHeaders }, blob, bytes, range),
    });
  if (blob instanceof File) {
    answer(weakTag(blob.size, Math.floor(blob.lastModified).toString(16)), undefined);
    return;
  }
  // The request log reads the status when the handler returns: it is known now.
  res.statusCode = status;
  blob
    .arrayBuffer()
    .then((buffer) => {
      const bytes = new Uint8Array(buffer);
      if (!res.destroyed)
        answer(weakTag(blob.size, createHash('sha1').update(bytes).digest('base64url')), bytes);
    })
    .catch(() => failLate(res, appHeaders));
}

/** The head an answer writes once its body is ready, and the app's headers for a late failure. */
interface Head {
  status: number;
  headers: OutgoingHttpHeaders;
  appHeaders: OutgoingHttpHeaders | undefined;
}

function writeBlob(
  res: ServerResponse,
  { status, headers, appHeaders }: Head,
  blob: Blob,
  bytes: Uint8Array | undefined,
  range: ByteRange | undefined,
): void {
  const end = range === undefined ? blob.size : range.end + 1;
  const start = range?.start ?? 0;
  if (bytes !== undefined) {
    if (writeHead(res, status, headers, appHeaders)) res.end(bytes.subarray(start, end));
    return;
  }
  res.statusCode = status;
  blob
    .slice(start, end)
    .arrayBuffer()
    .then((buffer) => {
      if (!res.destroyed && writeHead(res, status, headers, appHeaders)) res.end(new Uint8Array(buffer));
    })
    .catch(() => failLate(res, appHeaders));
}

/** How a stream is answered: its status, the app's headers, `@contentType`, who hears a failure. */
interface StreamAnswer {
  status: number;
  appHeaders: OutgoingHttpHeaders | undefined;
  declared: string | undefined;
  failed: LateFailure | undefined;
}

/** A stream has no size: sent chunked, never in part; HEAD lets it go unread. */
function sendStream(
  res: ServerResponse,
  { status, appHeaders, declared, failed }: StreamAnswer,
  head: boolean,
  value: ReadableStream<Uint8Array> | Readable,
): void {
  const source = value instanceof Readable ? value : Readable.fromWeb(value as WebReadableStream<Uint8Array>);
  res.writeHead(status, answerHeaders(res, appHeaders, declared ?? OCTET_STREAM, undefined));
  if (head || status === 204 || status === 304) {
    res.end();
    source.destroy();
    return;
  }
  pipeInto(source, res, failed);
}

/**
 * Backpressure both ways: the source is read only as fast as the socket takes it. A client that
 * leaves (the response closes first) destroys the source, which cancels a web stream's reader; a
 * source that fails cuts the answer (its status is on the wire already) and is reported.
 */
function pipeInto(source: Readable, res: ServerResponse, failed: LateFailure | undefined): void {
  // Listening before pipeline does: when the source fails first the response is still open here;
  // when the client left first, pipeline's destroying the source is no failure of the app's.
  if (failed !== undefined)
    source.once('error', (error) => {
      if (!res.destroyed) failed(res, error);
    });
  pipeline(source, res, () => {
    // Each stream is destroyed by pipeline on failure; nothing more to do.
  });
}
