/**
 * Raw bodies: `@Body() body: Uint8Array` (the bytes, up to the body limit) and
 * `@Body() body: ReadableStream<Uint8Array>` or node's `Readable` (the bytes as they arrive; the
 * limit is enforced while they stream, so the handler's read fails with the 413 once it is passed;
 * a client that goes quiet for the body timeout fails it with the 408).
 * Either accepts the media types `@accepts` lists (default: any).
 */
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { declaresBody, readBytes, sendContinue, tooLarge, unreadable } from '../http/body.js';
import { acceptsMediaType, essence, unsupportedMediaType } from './media-type.js';
import { watchBody, type BodyWatch } from './timeout.js';

/** A body without a `Content-Type` is taken as the bytes it is. */
const DEFAULT_TYPE = 'application/octet-stream';

function checkType(req: IncomingMessage, mediaTypes: readonly string[]): void {
  const type = essence(req.headers['content-type']) || DEFAULT_TYPE;
  if (!acceptsMediaType(mediaTypes, type)) throw unsupportedMediaType('a body', type, mediaTypes);
}

export async function readRawBytes(
  req: IncomingMessage,
  mediaTypes: readonly string[],
  limit: number,
  timeoutMs = 0,
): Promise<Uint8Array> {
  if (!declaresBody(req, limit)) return new Uint8Array(0);
  checkType(req, mediaTypes);
  sendContinue(req);
  return readBytes(req, limit, timeoutMs);
}

/** How a streamed body is taken: its media types, the byte limit, the stream API, the body timeout. */
export interface RawStreamOptions {
  mediaTypes: readonly string[];
  limit: number;
  api: 'web' | 'node';
  /** Between chunks while the handler wants them (./timeout.ts); 0: none. */
  timeoutMs: number;
}

export async function readRawStream(
  req: IncomingMessage,
  res: ServerResponse,
  { mediaTypes, limit, api, timeoutMs }: RawStreamOptions,
): Promise<Readable | ReadableStream<Uint8Array>> {
  const hasBody = declaresBody(req, limit);
  if (hasBody) checkType(req, mediaTypes);
  sendContinue(req);
  // A client gone quiet mid-body: the handler's read fails with the 408 (thrown on, the answer).
  const watch = watchBody(req, timeoutMs, (error) => limited.destroy(error));
  const limited = limitedCopy(req, hasBody ? limit : 0, watch);
  const stop = (): void => watch.stop();
  limited.once('close', stop);
  // A handler that answers without reading the body to its end: nothing is waited for any more.
  res.once('close', stop);
  return api === 'web' ? (Readable.toWeb(limited) as ReadableStream<Uint8Array>) : limited;
}

/**
 * The request's bytes through a counter: past `limit` the copy fails with the 413. Each chunk is
 * news for the body timeout's `watch`.
 */
function limitedCopy(req: IncomingMessage, limit: number, watch: BodyWatch): Transform {
  let size = 0;
  const copy = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      watch.heard++;
      size += chunk.length;
      if (size <= limit) return callback(null, chunk);
      req.unpipe(copy);
      // Drained, not read, so the client can read the 413 before the connection closes.
      req.resume();
      callback(tooLarge(limit));
    },
  });
  // A client gone mid-body: the handler's read fails as a bad request, not a server error.
  const onError = (): void => {
    copy.destroy(unreadable());
  };
  req.once('error', onError);
  copy.once('close', () => req.removeListener('error', onError));
  req.pipe(copy);
  return copy;
}
