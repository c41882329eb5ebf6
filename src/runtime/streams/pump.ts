/**
 * The one loop behind every outgoing stream (SSE events, WebSocket messages): pull an item,
 * write it, wait while the connection is full, stop as soon as the connection is gone.
 */
import type { StreamEnd } from './stream-end.js';

/** Where a stream's items go: an SSE response or a WebSocket. */
export interface ItemSink {
  /** False once the connection is closed or closing: nothing more may be written to it. */
  isOpen(): boolean;
  /** Writes one item; returns a promise when the connection is full, settled once it takes more. */
  write(item: unknown): PromiseLike<void> | undefined;
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

/** Writes `iterator`'s items to `sink` until either ends. A failing `next()` rejects. */
export async function pumpItems(
  iterator: AsyncIterator<unknown>,
  sink: ItemSink,
  end: StreamEnd,
): Promise<PumpOutcome> {
  let pulledSinceTurn = 0;
  while (!end.ended && sink.isOpen()) {
    const step = await end.race(iterator.next());
    if (step === undefined || end.ended || !sink.isOpen()) return 'closed';
    if (step.done === true) return 'done';
    const full = sink.write(step.value);
    if (full) {
      await end.race(full);
      pulledSinceTurn = 0;
    } else if (++pulledSinceTurn === ITEMS_PER_TURN) {
      pulledSinceTurn = 0;
      await nextTurn();
    }
  }
  return 'closed';
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
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
