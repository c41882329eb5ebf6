/** Where a policy's counters live: this process's memory, or a Redis every process shares. */

/** One request counted: how many the key has made in its window, and when that window ends. */
export interface Hit {
  count: number;
  /** ms until the key's window ends and its count starts again from zero. */
  resetInMs: number;
}

export interface RateLimitStore {
  /**
   * Counts one request of `key` in a window of `windowMs` that starts at the key's first request.
   * `undefined`: the store cannot count now (Redis away), and the request is served unlimited.
   */
  hit(key: string, windowMs: number): Hit | Promise<Hit | undefined> | undefined;
  close(): Promise<void>;
}
