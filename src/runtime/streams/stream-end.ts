/**
 * The moment a stream is over (the client left, the connection is closing, the server shuts
 * down), as a flag plus the one listener that must hear of it at once: the pump, which then
 * stops waiting for whatever it was waiting for (an item, room in the connection).
 *
 * One listener, held in a field: nothing is added per item. Racing every `next()` against one
 * long-lived "closed" promise added a reaction to that promise per item, which kept the item
 * reachable until the stream ended; a per-item waiter in a Set cost a sixth of an SSE stream's
 * CPU (a fresh closure hashed in and out each time).
 */
export class StreamEnd {
  private over = false;
  private listener: (() => void) | undefined;

  get ended(): boolean {
    return this.over;
  }

  /** Marks the stream over and tells the listener. Later calls do nothing. */
  readonly end = (): void => {
    if (this.over) return;
    this.over = true;
    const listener = this.listener;
    this.listener = undefined;
    listener?.();
  };

  /** Calls `listener` once when the stream ends (at once if it has); `undefined` detaches. */
  onEnd(listener: (() => void) | undefined): void {
    if (this.over) listener?.();
    else this.listener = listener;
  }
}
