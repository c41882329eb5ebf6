/**
 * Counters in this process: a fixed window per key, starting at the key's first request (as the
 * Redis store's do). Memory is bounded by the keys active in the last window: expired keys are
 * dropped as requests arrive, with no timer.
 *
 * Every key of one window length lives in one Map, in the order its window started (a renewed
 * window is deleted and set again, so it moves to the end): the Map is sorted by window end, and
 * dropping the expired keys only ever looks at its head.
 */
import { performance } from 'node:perf_hooks';
import type { Hit, RateLimitStore } from './store.js';

interface Counter {
  count: number;
  endsAt: number;
}

export class MemoryStore implements RateLimitStore {
  private readonly byWindow = new Map<number, Map<string, Counter>>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  hit(key: string, windowMs: number): Hit {
    const now = this.now();
    const counters = this.countersOf(windowMs, now);
    let counter = counters.get(key);
    if (counter === undefined) {
      counter = { count: 0, endsAt: now + windowMs };
      counters.set(key, counter);
    }
    counter.count++;
    // Rounded: float clocks would make a full window 60000.0000001 ms, announced as 61 s.
    return { count: counter.count, resetInMs: Math.round(counter.endsAt - now) };
  }

  /** How many keys are counted now (the bound on memory), for tests and the bench. */
  get size(): number {
    let size = 0;
    for (const counters of this.byWindow.values()) size += counters.size;
    return size;
  }

  async close(): Promise<void> {
    this.byWindow.clear();
  }

  /** The window length's counters, the expired ones at their head dropped first. */
  private countersOf(windowMs: number, now: number): Map<string, Counter> {
    let counters = this.byWindow.get(windowMs);
    if (counters === undefined) {
      counters = new Map();
      this.byWindow.set(windowMs, counters);
      return counters;
    }
    for (const [key, counter] of counters) {
      if (counter.endsAt > now) break;
      counters.delete(key);
    }
    return counters;
  }
}
