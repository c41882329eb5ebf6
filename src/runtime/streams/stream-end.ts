/**
 * The moment a stream is over (the client left, the connection is closing, the server shuts
 * down), as a flag plus one-shot waiters.
 *
 * `race` is why this exists. Racing every `next()` against one long-lived "closed" promise adds
 * a reaction to that promise per item, and each reaction keeps its race, and so the item it
 * settled with, reachable until the stream ends: an open stream would hold everything it ever
 * sent. Here each wait registers its own waiter and removes it when it settles, so nothing
 * outlives the item it was waiting for.
 */
export class StreamEnd {
  private over = false;
  private readonly waiters = new Set<() => void>();

  get ended(): boolean {
    return this.over;
  }

  /** Marks the stream over and wakes every pending `race`. Later calls do nothing. */
  readonly end = (): void => {
    if (this.over) return;
    this.over = true;
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  };

  /**
   * Settles like `promise`, or with `undefined` as soon as the stream ends, whichever comes
   * first. A rejection after the end is dropped: nobody is waiting for it any more.
   */
  race<T>(promise: PromiseLike<T>): Promise<T | undefined> {
    if (this.over) return Promise.resolve(undefined);
    return new Promise<T | undefined>((resolve, reject) => {
      const wake = (): void => resolve(undefined);
      this.waiters.add(wake);
      promise.then(
        (value) => {
          this.waiters.delete(wake);
          resolve(value);
        },
        (error: unknown) => {
          this.waiters.delete(wake);
          reject(error);
        },
      );
    });
  }
}
