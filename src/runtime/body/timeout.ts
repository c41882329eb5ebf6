/**
 * The body timeout (the app's `bodyTimeoutMs`): while svc waits for a request body, the client may
 * send nothing for at most that long, before the first byte and between two chunks. Past it the
 * read fails with `408 SVC_ERR_BODY_TIMEOUT` and the connection is closed after the answer. Only
 * the client's silence counts: while svc itself holds the body back (a paused request: the
 * multipart parser waiting on the disk, a handler not reading its stream yet) the clock waits too.
 * The whole request stays bounded by Node's `requestTimeout`, however slowly it trickles in.
 */
import type { IncomingMessage } from 'node:http';
import { FrameworkHttpError } from '../errors/problem.js';

export function bodyTimedOut(ms: number): FrameworkHttpError {
  return new FrameworkHttpError(
    'SVC_ERR_BODY_TIMEOUT',
    `The request body stopped arriving: nothing came for ${ms} ms.`,
    undefined,
    // The rest of the body may still come: nothing after it on the connection can be read with certainty.
    { connection: 'close' },
  );
}

const NOTHING = (): void => {};

/**
 * Whether bytes of a body are still to come. A request whose body arrived whole (or that has
 * none) starts no timer: the common small JSON body costs nothing.
 */
function awaitsBody(req: IncomingMessage): boolean {
  if (req.complete || req.readableEnded) return false;
  const length = req.headers['content-length'];
  return length === undefined ? req.headers['transfer-encoding'] !== undefined : length !== '0';
}

/**
 * Calls `expire` with the 408 once the client has sent nothing for `ms` (0: never) while the body
 * is wanted. Returns the function that stops watching; call it once the read settles. Armed after
 * the current read from the socket is parsed (a microtask later: the parser hands a request over
 * before it parses the body that came with it), so a body that arrived with its head costs no
 * timer, and the 'data' listener is added after the reader's, never setting a stream flowing.
 */
export function watchBody(
  req: IncomingMessage,
  ms: number,
  expire: (error: FrameworkHttpError) => void,
): () => void {
  if (ms === 0) return NOTHING;
  let stopped = false;
  let unwatch = NOTHING;
  queueMicrotask(() => {
    if (!stopped && awaitsBody(req)) unwatch = arm(req, ms, expire);
  });
  return () => {
    stopped = true;
    unwatch();
  };
}

function arm(req: IncomingMessage, ms: number, expire: (error: FrameworkHttpError) => void): () => void {
  const timer = setTimeout(() => {
    // Paused: svc, not the client, holds the body back; its silence is not the client's.
    if (req.isPaused() && !req.destroyed) return void timer.refresh();
    stop();
    expire(bodyTimedOut(ms));
  }, ms);
  const heard = (): void => void timer.refresh();
  const stop = (): void => {
    clearTimeout(timer);
    req.off('data', heard);
    req.off('end', stop);
    req.off('close', stop);
  };
  req.on('data', heard);
  req.once('end', stop);
  req.once('close', stop);
  return stop;
}
