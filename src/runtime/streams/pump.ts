/**
 * The one loop behind every outgoing stream (SSE events, WebSocket messages): pull an item,
 * write it, wait while the connection is full, stop as soon as the connection is gone.
 *
 * Callbacks, not an `async` loop: awaiting each `next()` raced against the stream's end cost a
 * promise, its executor and two resolvers per item, a good part of an SSE stream's garbage. Here
 * an item costs the producer's own `next()` promise and one `then` on it.
 */
import type { StreamEnd } from './stream-end.js';

/** Where a stream's items go: an SSE response or a WebSocket. */
export interface ItemSink {
  /** False once the connection is closed or closing: nothing more may be written to it. */
  isOpen(): boolean;
  /** Takes one item (an SSE response may hold it until the end of the turn, to write several at once). */
  write(item: unknown): void;
  /** Undefined while the connection takes more; otherwise a promise settled once it does. */
  full(): PromiseLike<void> | undefined;
}

/**
 * Items pulled back to back before the loop gives the event loop a turn. A generator that never
 * awaits resolves each `next()` in a microtask, and a socket that takes every write never makes
 * the loop wait, so without this turn the process would serve nothing else, and would not even
 * see the client leave.
 */
export const ITEMS_PER_TURN = 64;

/** How a pump stopped: the iterable ended (`done`) or the connection went first (`closed`). */
export type PumpOutcome = 'done' | 'closed';

/**
 * Writes `iterator`'s items to `sink` until either ends. Settles as soon as the stream ends, even
 * while a `next()` is pending (a quiet producer may never answer it). A failing `next()` or write
 * rejects; a failure after the end is dropped: nobody is waiting for it any more.
 */
export function pumpItems(
  iterator: AsyncIterator<unknown>,
  sink: ItemSink,
  end: StreamEnd,
): Promise<PumpOutcome> {
  return new Promise((resolve, reject) => new Pump(iterator, sink, end, resolve, reject).pull());
}

class Pump {
  private pulledSinceTurn = 0;
  private over = false;

  constructor(
    private readonly iterator: AsyncIterator<unknown>,
    private readonly sink: ItemSink,
    private readonly end: StreamEnd,
    private readonly settle: (outcome: PumpOutcome) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    end.onEnd(this.closed);
  }

  /** Pulls the next item, after waiting for room in the connection and, now and then, a turn. */
  readonly pull = (): void => {
    if (this.over) return;
    if (this.end.ended || !this.sink.isOpen()) return this.finish('closed');
    const full = this.sink.full();
    if (full !== undefined) {
      this.pulledSinceTurn = 0;
      full.then(this.pull, this.failed);
      return;
    }
    if (++this.pulledSinceTurn > ITEMS_PER_TURN) {
      this.pulledSinceTurn = 0;
      setImmediate(this.pull);
      return;
    }
    let next: PromiseLike<IteratorResult<unknown>>;
    try {
      next = this.iterator.next();
    } catch (error) {
      return this.failed(error);
    }
    next.then(this.received, this.failed);
  };

  private readonly received = (step: IteratorResult<unknown>): void => {
    if (this.over) return;
    if (this.end.ended || !this.sink.isOpen()) return this.finish('closed');
    if (step.done === true) return this.finish('done');
    try {
      this.sink.write(step.value);
    } catch (error) {
      return this.failed(error);
    }
    this.pull();
  };

  private readonly failed = (error: unknown): void => {
    if (this.over) return;
    this.over = true;
    this.end.onEnd(undefined);
    this.reject(error);
  };

  private readonly closed = (): void => this.finish('closed');

  private finish(outcome: PumpOutcome): void {
    if (this.over) return;
    this.over = true;
    this.end.onEnd(undefined);
    this.settle(outcome);
  }
}

/**
 * Asks the producer to stop (runs a generator's `finally`) without waiting for it; a failure of
 * that cleanup is logged as `<what> stream cleanup failed`.
 */
export function stopProducer(
  iterator: AsyncIterator<unknown>,
  log: (line: string) => void,
  what: string,
): void {
  if (typeof iterator.return !== 'function') return;
  Promise.resolve()
    .then(() => iterator.return?.())
    .catch((error: unknown) => log(`svc: ${what} stream cleanup failed: ${describeError(error)}`));
}

export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
