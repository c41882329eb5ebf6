/**
 * Reads a JSON request body: only for routes that bind one (other body forms: src/runtime/body,
 * built on the helpers exported here). Enforces the size limit while
 * reading (413, and the connection is closed after the answer), rejects non-JSON content
 * types (415), malformed JSON (400) and JSON nested deeper than MAX_JSON_DEPTH (400). An empty
 * body is `undefined`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FrameworkHttpError } from '../errors/problem.js';
import { JsonTooDeepError, parseJsonSafely } from './secure-json.js';
import { watchBody } from '../body/timeout.js';

const CLOSE = { connection: 'close' };

/** The client went away, or the connection failed, before the body's end. */
export function unreadable(): FrameworkHttpError {
  return new FrameworkHttpError('SVC_ERR_BAD_REQUEST', 'The request body could not be read to its end.');
}

export function isJsonContentType(header: string): boolean {
  const semi = header.indexOf(';');
  const type = (semi === -1 ? header : header.slice(0, semi)).trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

export function tooLarge(limit: number): FrameworkHttpError {
  return new FrameworkHttpError(
    'SVC_ERR_BODY_TOO_LARGE',
    `The request body is larger than the limit of ${limit} bytes.`,
    undefined,
    CLOSE,
  );
}

/**
 * Whether the request carries a body; throws 413 before reading when its declared length is
 * already over `limit`. Shared by every body form (src/runtime/body).
 */
export function declaresBody(req: IncomingMessage, limit: number): boolean {
  const length = req.headers['content-length'];
  const declared = length === undefined ? undefined : Number(length);
  const hasBody = declared === undefined ? req.headers['transfer-encoding'] !== undefined : declared > 0;
  if (!hasBody) return false;
  if (declared !== undefined && declared > limit) throw tooLarge(limit);
  return true;
}

/** Throws before reading when the headers already tell the body cannot be accepted. */
function checkHeaders(req: IncomingMessage, limit: number): boolean {
  if (!declaresBody(req, limit)) return false;
  const type = req.headers['content-type'];
  if (type !== undefined && !isJsonContentType(type)) {
    throw new FrameworkHttpError(
      'SVC_ERR_UNSUPPORTED_MEDIA_TYPE',
      `Expected an application/json body, got '${type}'.`,
    );
  }
  return true;
}

/** A request that sent `Expect: 100-continue`: its response, and whether it may be kept alive. */
const CONTINUE = Symbol('svc.continue');
type Expecting = IncomingMessage & { [CONTINUE]?: { res: ServerResponse; keepAlive: boolean } };

/**
 * Holds back `100 Continue` until the body is read (after middleware and guards). Until then the
 * connection is to close after the answer: a client refused without `100 Continue` may or may not
 * send its body, so nothing after it on the connection could be read with certainty.
 */
export function deferContinue(req: IncomingMessage, res: ServerResponse): void {
  (req as Expecting)[CONTINUE] = { res, keepAlive: res.shouldKeepAlive };
  res.shouldKeepAlive = false;
}

/** The body is wanted: the client may send it now. */
export function sendContinue(req: IncomingMessage): void {
  const expecting = (req as Expecting)[CONTINUE];
  if (expecting === undefined) return;
  (req as Expecting)[CONTINUE] = undefined;
  expecting.res.shouldKeepAlive = expecting.keepAlive;
  expecting.res.writeContinue();
}

export async function readJsonBody(req: IncomingMessage, limit: number, timeoutMs = 0): Promise<unknown> {
  if (!checkHeaders(req, limit)) return undefined;
  sendContinue(req);
  return parseJsonBody((await readBytes(req, limit, timeoutMs)).toString('utf8'));
}

/** JSON text (after its media type was checked) → the value; empty text is `undefined`. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return parseJsonSafely(text);
  } catch (error) {
    if (error instanceof JsonTooDeepError)
      throw new FrameworkHttpError(
        'SVC_ERR_BODY_TOO_DEEP',
        `The request body nests arrays and objects more than ${error.limit} levels deep.`,
      );
    const reason = error instanceof Error ? error.message : String(error);
    throw new FrameworkHttpError('SVC_ERR_MALFORMED_JSON', `The request body is not valid JSON: ${reason}`);
  }
}

/**
 * Collects the body up to `limit` bytes; past it, stops collecting and rejects with 413. A client
 * silent for `timeoutMs` (0: no limit) rejects it with the 408 (../body/timeout.ts), watched from
 * inside this one promise: a wrapper promise per read cost the JSON body route ~6% (bench). The
 * watch is an entry in a shared sweep that `onData` tells of each chunk: no timer per read.
 */
export function readBytes(req: IncomingMessage, limit: number, timeoutMs = 0): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      watch.stop();
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onError);
    };
    const fail = (error: FrameworkHttpError): void => {
      cleanup();
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      watch.heard++;
      size += chunk.length;
      if (size > limit) {
        cleanup();
        // Keep draining (discarding) so the client can read the 413 before the socket closes.
        req.resume();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    };
    // A client that goes away mid-body is a bad request, not a server error worth a stack trace.
    const onError = (): void => fail(unreadable());
    const watch = watchBody(req, timeoutMs, fail);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
