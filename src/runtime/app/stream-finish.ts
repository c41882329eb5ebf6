/**
 * Finish steps of stream routes: the seams where the pipeline hands over to the streams code.
 *
 * - SSE: the handler's AsyncIterable goes to `sendEventStream` (src/runtime/streams/sse.ts),
 *   with the route's status and `ctx.response` headers, and the app's shutdown signal.
 * - WebSocket: the lifecycle ran on the upgrade request; the handler itself runs once the
 *   connection is accepted, so the finish step only records how to call it
 *   (`ex.webSocketHandler`), and the upgrade resolver hands that to the streams code.
 */
import { setMaxListeners } from 'node:events';
import { FrameworkHttpError } from '../errors/problem.js';
import type { Exchange } from '../http/exchange.js';
import { REQUEST_ID_HEADER } from '../http/request-id.js';
import type { RoutePlan } from '../lifecycle/pipeline.js';
import { requestScopeRunner } from '../pubsub/request-scope.js';
import { sendEventStream } from '../streams/sse.js';
import type { WebSocketHandler } from '../streams/websocket-session.js';

export interface StreamSettings {
  sseHeartbeatMs: number;
  /** `app.close()` ends the open SSE streams through it. */
  shutdown: StreamShutdown;
}

/** The signal open SSE streams watch; `endAll` ends them and arms a fresh signal for later streams. */
export class StreamShutdown {
  private controller = watchedByAnyNumber(new AbortController());
  /** Streams sending now, for the shutdown's log line. */
  open = 0;

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Ends the open streams; gives how many there were. */
  endAll(): number {
    const ending = this.controller;
    const open = this.open;
    this.controller = watchedByAnyNumber(new AbortController());
    ending.abort();
    return open;
  }
}

/**
 * Every open stream adds one abort listener, so more than ten streams would trip Node's
 * MaxListenersExceededWarning, which here is no leak: each stream removes its listener when it ends.
 */
function watchedByAnyNumber(controller: AbortController): AbortController {
  setMaxListeners(0, controller.signal);
  return controller;
}

export function sseFinish(streams: StreamSettings): RoutePlan['finish'] {
  return async (plan, ex) => {
    let items = plan.invokeHandler(ex);
    if (items instanceof Promise) items = await items;
    const response = ex.context?.response;
    const signal = streams.shutdown.signal;
    // Taken now: the response lets go of its socket once it has finished.
    const socket = ex.res.socket;
    streams.shutdown.open++;
    try {
      await sendEventStream(ex.res, items as AsyncIterable<unknown>, {
        status: response?.status ?? plan.status,
        // The stream writes its own head: the request id goes with the route's headers.
        headers: { [REQUEST_ID_HEADER]: ex.id, ...(response?.headers ?? plan.headers) },
        heartbeatMs: streams.sseHeartbeatMs,
        // Object items are written by the serializer compiled from the declared item type.
        encode: plan.serialize,
        log: plan.settings.log,
        signal,
      });
    } finally {
      streams.shutdown.open--;
    }
    // Ended by app.close(): the server is going away, so the keep-alive connection goes too
    // (after the stream's last bytes) rather than idling until the keep-alive timeout.
    if (signal.aborted) socket?.end();
  };
}

export const webSocketFinish: RoutePlan['finish'] = (plan, ex) => {
  if (!ex.upgrade) {
    throw new FrameworkHttpError(
      'SVC_ERR_UPGRADE_REQUIRED',
      'This route only answers WebSocket upgrade requests.',
      undefined,
      {
        upgrade: 'websocket',
        // RFC 9110 7.8: Upgrade goes with Connection: upgrade. A request that asked to close keeps
        // `close` too, or a keep-alive client would reuse the connection Node is closing.
        connection: ex.res.shouldKeepAlive ? 'Upgrade' : 'Upgrade, close',
      },
    );
  }
  ex.webSocketHandler = sessionHandler(plan, ex);
};

/**
 * The accepted connection's handler. It holds the exchange only until it runs: the session lives
 * as long as the connection, and through it the upgrade request (its IncomingMessage,
 * ServerResponse, headers and `ctx`) would too, doubling what a held connection costs. What the
 * session needs later is what the handler took (its arguments) and the connection's closer.
 */
function sessionHandler(plan: RoutePlan, accepted: Exchange): WebSocketHandler {
  let pending: Exchange | undefined = accepted;
  const handler: WebSocketHandler = (messages, whenClosed) => {
    const ex = pending;
    pending = undefined;
    if (ex === undefined) throw new Error('svc: a WebSocket session handler runs once');
    ex.messages = messages;
    whenClosed(ex.connectionCloser());
    return plan.invokeHandler(ex);
  };
  // Object items are sent as the serializer compiled from the declared item type writes them:
  // the session encodes them itself, so no wrapper iterable (and no promise per item) is needed.
  handler.encode = plan.serialize;
  // The session starts later, from the upgrade: it still belongs to this request.
  handler.runInScope = requestScopeRunner();
  return handler;
}
