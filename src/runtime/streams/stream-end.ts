/**
 * The moment a stream is over (the client left, the connection is closing, the server shuts
 * down), as a flag plus the one pending `race`.
 *
 * `race` is why this exists. Racing every `next()` against one long-lived "closed" promise adds
 * a reaction to that promise per item, and each reaction keeps its race, and so the item it
 * settled with, reachable until the stream ends: an open stream would hold everything it ever
 * sent. Here the stream keeps only the resolver of the race pending now, replaced by the next
 * one, so nothing outlives the item it was waiting for.
 *
 * One race at a time: the pump awaits each before it starts the next. A per-item waiter in a Set
 * (its add and delete hash a fresh closure each time) cost a sixth of an SSE stream's CPU.
 */
export class StreamEnd {
  private over = false;
  private wake: ((value: undefined) => void) | undefined;

  get ended(): boolean {
    return this.over;
  }

  /** Marks the stream over and wakes the pending `race`. Later calls do nothing. */
  readonly end = (): void => {
    if (this.over) return;
    this.over = true;
    const wake = this.wake;
    this.wake = undefined;
    wake?.(undefined);
  };

  /**
   * Settles like `promise`, or with `undefined` as soon as the stream ends, whichever comes
   * first. A rejection after the end is dropped: nobody is waiting for it any more. Starting a
   * race while another is pending is a bug of the caller: the earlier one would not wake.
   */
  race<T>(promise: PromiseLike<T>): Promise<T | undefined> {
    if (this.over) return Promise.resolve(undefined);
    return new Promise<T | undefined>((resolve, reject) => {
      this.wake = resolve;
      promise.then(resolve, reject);
    });
  }
}
