/**
 * One WebSocket connection served by one handler call: incoming text messages go to the
 * handler as an AsyncIterable (`@Messages()`), the items of the iterable it returns go out as
 * text frames. Close codes: 1000 when the outgoing iterable ends, 1011 when the handler
 * throws, 1003 for a binary message; `ws` itself answers 1009 (too big) and 1007 (bad UTF-8).
 */
import { WebSocket } from 'ws';
import { keepAlive } from './keepalive.js';
import { DEFAULT_MAX_QUEUED_MESSAGES, MessageQueue } from './message-queue.js';
import { describeError, pumpItems, stopProducer, type ItemSink, type PumpOutcome } from './pump.js';
import { StreamEnd } from './stream-end.js';

/**
 * Runs once per connection; may return an AsyncIterable (or a promise of one) of items to send.
 * `whenClosed` registers a callback for the moment the connection has closed.
 */
export type WebSocketHandler = ((
  messages: AsyncIterable<string>,
  whenClosed: (callback: () => void) => void,
) => unknown) & {
  /** Runs the session in the scope of the upgrade request that accepted it, when there is one. */
  runInScope?: <R>(session: () => R) => R;
  /** Encodes this handler's non-string items (a route's compiled serializer); wins over the session's. */
  encode?: (item: unknown) => string;
};

export interface WebSocketSessionOptions {
  /** Ping interval; a peer that has not answered the previous ping is terminated. Default 30000; 0 turns it off. */
  pingIntervalMs?: number;
  /** Incoming messages queued before the socket is paused. Default 64. */
  maxQueuedMessages?: number;
  /** Encodes non-string items. Default: JSON.stringify. */
  encode?: (item: unknown) => string;
  log?: (line: string) => void;
}

export const DEFAULT_PING_INTERVAL_MS = 30_000;
/** Buffered outgoing bytes above which the sender waits for the socket to take them. */
const SEND_HIGH_WATER_BYTES = 1024 * 1024;

export const CLOSE_NORMAL = 1000;
export const CLOSE_UNSUPPORTED_DATA = 1003;
export const CLOSE_INTERNAL_ERROR = 1011;

function outgoingIterator(result: unknown): AsyncIterator<unknown> | undefined {
  if (result === undefined || result === null) return undefined;
  const factory = (result as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator];
  if (typeof factory !== 'function') {
    throw new TypeError(
      'svc: a @WebSocket handler must return an AsyncIterable (an async generator) or nothing',
    );
  }
  return factory.call(result);
}

/**
 * Serves `ws` with `handler` and resolves when the connection has closed. Never rejects:
 * failures of the handler close the connection with 1011 and are logged.
 */
export async function runWebSocketSession(
  ws: WebSocket,
  handler: WebSocketHandler,
  options: WebSocketSessionOptions = {},
): Promise<void> {
  const log = options.log ?? ((line: string) => console.error(line));
  const encode = handler.encode ?? options.encode ?? ((item: unknown) => JSON.stringify(item) ?? '');
  const messages = new MessageQueue(ws, options.maxQueuedMessages ?? DEFAULT_MAX_QUEUED_MESSAGES);
  const end = new StreamEnd();
  // One 'close' listener for all that the close ends: each `once` costs a wrapper and its state
  // for as long as the connection is held.
  let whenClosed: (() => void) | undefined;
  let closedNow!: () => void;
  const closed = new Promise<void>((resolve) => (closedNow = resolve));
  ws.on('close', () => {
    end.end();
    messages.end();
    whenClosed?.();
    closedNow();
  });
  ws.on('error', (error) => log(`svc: WebSocket error: ${error.message}`));
  ws.on('message', (data, isBinary) => {
    if (isBinary) return ws.close(CLOSE_UNSUPPORTED_DATA, 'binary messages are not supported');
    messages.push(data.toString());
  });
  const stopKeepalive = keepAlive(ws, options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS);
  let iterator: AsyncIterator<unknown> | undefined;
  let outcome: PumpOutcome = 'done';
  try {
    iterator = outgoingIterator(
      await handler(messages, (callback) => (whenClosed = after(whenClosed, callback))),
    );
    if (iterator) outcome = await pumpItems(iterator, webSocketSink(ws, encode), end);
    if (ws.readyState === WebSocket.OPEN) ws.close(CLOSE_NORMAL);
  } catch (error) {
    log(`svc: WebSocket handler failed: ${describeError(error)}`);
    // A failed send (a serializer error) leaves the producer suspended: stop it too.
    outcome = 'closed';
    if (ws.readyState === WebSocket.OPEN) ws.close(CLOSE_INTERNAL_ERROR);
  }
  // The connection went first, or a send failed: stop the producer so the handler's `finally` runs.
  if (outcome === 'closed' && iterator !== undefined) stopProducer(iterator, log, 'WebSocket');
  await closed;
  stopKeepalive();
}

/** `first` (if any), then `then`. */
function after(first: (() => void) | undefined, then: () => void): () => void {
  return first === undefined
    ? then
    : () => {
        first();
        then();
      };
}

/**
 * Items as text frames; a closing or closed socket takes nothing, so no send is ever queued on it.
 * Past SEND_HIGH_WATER_BYTES buffered, a frame is sent with a callback and the sink is full until
 * `ws` has handed that frame to the socket.
 */
function webSocketSink(ws: WebSocket, encode: (item: unknown) => string): ItemSink {
  let sent: Promise<void> | undefined;
  return {
    isOpen: () => ws.readyState === WebSocket.OPEN,
    write(item) {
      if (item === undefined || ws.readyState !== WebSocket.OPEN) return;
      const text = typeof item === 'string' ? item : encode(item);
      if (ws.bufferedAmount < SEND_HIGH_WATER_BYTES) ws.send(text);
      else sent = new Promise((resolve) => ws.send(text, () => resolve()));
    },
    full() {
      const waiting = sent;
      sent = undefined;
      return waiting;
    },
  };
}
