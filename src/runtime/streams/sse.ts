/**
 * The SSE writer: turns an async iterable into a `text/event-stream` response, one event per
 * item, flushed as it comes. It owns the response from the status line to the end; lifecycle
 * components have already run (a blocked request never gets here).
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { DEFAULT_SSE_HEARTBEAT_MS } from '../../model/app-options.js';
import { currentRequestSubscriptions, type StreamPositions } from '../pubsub/request-scope.js';
import { describeError, pumpItems, stopProducer, type ItemSink, type PumpOutcome } from './pump.js';
import { FrameBatch, isOpen } from './sse-batch.js';
import { formatEvent, gapFrame, HEARTBEAT_FRAME, type ItemEncoder } from './sse-format.js';
import { StreamEnd } from './stream-end.js';

export interface EventStreamOptions {
  /** Status of the stream response. Default 200. */
  status?: number;
  /** Extra response headers (from `@SetHeader` or a pre-interceptor). The SSE headers win. */
  headers?: OutgoingHttpHeaders;
  /** Interval of the `: ping` comment sent while no event has been written. Default 15000; 0 turns it off. */
  heartbeatMs?: number;
  /** Encodes non-string items. Default: JSON.stringify. */
  encode?: ItemEncoder;
  /** Where a failure of the iterable is reported. Default: console.error. */
  log?: (line: string) => void;
  /** Ends the stream (server shutdown): the response ends cleanly and the iterator is closed. */
  signal?: AbortSignal;
  /**
   * The ids of events without their own, and the gaps to report: by default those of the PubSub
   * subscriptions of the request being served (docs/streams.md, "Resuming").
   */
  positions?: StreamPositions;
}

const SSE_HEADERS: OutgoingHttpHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
};

function asyncIteratorOf(items: AsyncIterable<unknown>): AsyncIterator<unknown> {
  const factory = (items as Partial<AsyncIterable<unknown>> | null | undefined)?.[Symbol.asyncIterator];
  if (typeof factory !== 'function') {
    throw new TypeError('svc: an @SSE handler must return an AsyncIterable (an async generator)');
  }
  return factory.call(items);
}

/** Writes the status line and headers at once so the client sees the stream open before any event. */
function openStream(res: ServerResponse, options: EventStreamOptions): void {
  res.statusCode = options.status ?? 200;
  for (const [name, value] of Object.entries({ ...options.headers, ...SSE_HEADERS })) {
    if (value !== undefined) res.setHeader(name, value);
  }
  res.flushHeaders();
}

/** Sends `: ping` whenever a whole interval passes without a write. Never keeps the process alive. */
function startHeartbeat(batch: FrameBatch, intervalMs: number): NodeJS.Timeout | undefined {
  if (!(intervalMs > 0)) return undefined;
  const timer = setInterval(() => {
    if (!batch.full) batch.add(HEARTBEAT_FRAME);
  }, intervalMs);
  timer.unref();
  return timer;
}

/**
 * Streams `items` as server-sent events on `res`. Resolves when the stream is over: the
 * iterable ended, threw (logged; the status is already sent), or the client went away (the
 * iterator's `return()` is called so the producer's `finally` runs). Throws a TypeError before
 * writing anything when `items` is not async-iterable.
 */
export async function sendEventStream(
  res: ServerResponse,
  items: AsyncIterable<unknown>,
  options: EventStreamOptions = {},
): Promise<void> {
  const iterator = asyncIteratorOf(items);
  const log = options.log ?? ((line: string) => console.error(line));
  const signal = options.signal;
  openStream(res, options);
  // HEAD gets the stream's headers only (and a stream opened during shutdown nothing more).
  if (res.req?.method === 'HEAD' || signal?.aborted) {
    stopProducer(iterator, log, 'SSE');
    res.end();
    return;
  }
  const end = new StreamEnd();
  res.once('close', end.end);
  signal?.addEventListener('abort', end.end, { once: true });
  // The heartbeat is for idle streams: every write restarts its interval.
  const batch = new FrameBatch(res, () => void heartbeat?.refresh());
  const heartbeat = startHeartbeat(batch, options.heartbeatMs ?? DEFAULT_SSE_HEARTBEAT_MS);
  const positions = options.positions ?? currentRequestSubscriptions();
  positions?.onGap((lastId) => batch.add(gapFrame(lastId)));
  let outcome: PumpOutcome = 'done';
  try {
    outcome = await pumpItems(iterator, responseSink(res, batch, options.encode, positions), end);
  } catch (error) {
    log(`svc: SSE stream ended by an error: ${describeError(error)}`);
    // A failed write (a serializer error) leaves the producer suspended: stop it too.
    outcome = 'closed';
  } finally {
    positions?.onGap(undefined);
    signal?.removeEventListener('abort', end.end);
    res.off('close', end.end);
    if (heartbeat) clearInterval(heartbeat);
    if (outcome === 'closed') stopProducer(iterator, log, 'SSE');
    batch.end();
  }
}

/** Events as frames in the response's batch, each stamped with where the stream stands. */
function responseSink(
  res: ServerResponse,
  batch: FrameBatch,
  encode: ItemEncoder | undefined,
  positions: StreamPositions | undefined,
): ItemSink {
  return {
    isOpen: () => isOpen(res),
    write(item) {
      const frame = formatEvent(item, encode, positions?.position());
      if (frame !== undefined) batch.add(frame);
    },
    full: () => batch.whenRoom(),
  };
}
