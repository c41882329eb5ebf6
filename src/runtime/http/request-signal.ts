/**
 * The `AbortSignal` of one request (`@Signal()`, `ctx.signal`). It is made only when something
 * asks for it, so a request that never does pays nothing. It aborts when the client leaves
 * before the answer is complete (a closed connection, a timeout that destroys the socket), when
 * the app shuts down, or when the request's WebSocket connection closes. Once the request is
 * over its listeners are removed, so the app's long-lived shutdown signal never collects one per
 * request.
 */
import type { ServerResponse } from 'node:http';

/** What the app's shutdown is watched through (its signal is renewed after each shutdown). */
export interface ShutdownSource {
  readonly signal: AbortSignal;
}

export class RequestSignal {
  private readonly controller = new AbortController();
  private readonly shutdown: AbortSignal | undefined;
  /** Only while watched: an upgrade's response is not kept, so a held WebSocket does not keep it. */
  private readonly res: ServerResponse | undefined;

  /**
   * `watchResponse`: false for an upgrade request, whose response is handed over to the
   * WebSocket: its connection's close is reported through `abort`.
   */
  constructor(res: ServerResponse, watchResponse: boolean, shutdown: ShutdownSource | undefined) {
    this.shutdown = shutdown?.signal;
    this.res = watchResponse ? res : undefined;
    if (this.shutdown?.aborted === true) {
      this.abort(APP_SHUTDOWN);
      return;
    }
    this.shutdown?.addEventListener('abort', this.onShutdown, { once: true });
    if (!watchResponse) return;
    if (res.destroyed || res.writableFinished) this.onClose();
    else res.once('close', this.onClose);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Aborts with `reason` (once) and lets go of every listener. */
  abort(reason: RequestEndReason): void {
    this.release();
    if (!this.controller.signal.aborted) this.controller.abort(abortError(reason));
  }

  private readonly onShutdown = (): void => this.abort(APP_SHUTDOWN);

  /** The connection closed: aborted unless the whole answer went out first. */
  private readonly onClose = (): void => {
    if (this.res?.writableFinished === true) this.release();
    else this.abort(CLIENT_GONE);
  };

  private release(): void {
    this.shutdown?.removeEventListener('abort', this.onShutdown);
    this.res?.off('close', this.onClose);
  }
}

export type RequestEndReason = typeof CLIENT_GONE | typeof APP_SHUTDOWN | typeof CONNECTION_CLOSED;
export const CLIENT_GONE = 'The client closed the connection before the answer was complete.';
export const APP_SHUTDOWN = 'The app is shutting down.';
export const CONNECTION_CLOSED = 'The WebSocket connection closed.';

/** The reason a signal carries: a standard `AbortError`, as `fetch` and `setTimeout` reject with. */
function abortError(message: RequestEndReason): DOMException {
  return new DOMException(message, 'AbortError');
}
