/**
 * The incoming side of a WebSocket as an `AsyncIterable<string>` (`@Messages()`): a queue with
 * one consumer. When the handler falls behind, the socket is paused so unread messages stay in
 * the kernel and the peer's TCP window instead of piling up in memory.
 */

/** What the queue pauses and resumes: a `ws` WebSocket. */
export interface FlowControl {
  pause(): void;
  resume(): void;
}

export const DEFAULT_MAX_QUEUED_MESSAGES = 64;

export class MessageQueue implements AsyncIterable<string> {
  private readonly items: string[] = [];
  private waiting: ((result: IteratorResult<string>) => void) | undefined;
  private ended = false;
  private paused = false;

  constructor(
    private readonly flow: FlowControl,
    private readonly highWaterMark = DEFAULT_MAX_QUEUED_MESSAGES,
  ) {}

  push(message: string): void {
    if (this.ended) return;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting({ done: false, value: message });
      return;
    }
    this.items.push(message);
    if (this.items.length >= this.highWaterMark && !this.paused) {
      this.paused = true;
      this.flow.pause();
    }
  }

  /** No more messages: a pending `next()` resolves done; queued messages are still delivered. */
  end(): void {
    this.ended = true;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.({ done: true, value: undefined });
  }

  private next(): Promise<IteratorResult<string>> {
    const message = this.items.shift();
    if (message !== undefined) {
      this.resumeWhenLow();
      return Promise.resolve({ done: false, value: message });
    }
    if (this.ended) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  private resumeWhenLow(): void {
    if (this.paused && this.items.length <= this.highWaterMark / 2) {
      this.paused = false;
      this.flow.resume();
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<string> {
    return {
      next: () => this.next(),
      // The handler stopped reading (`break` in for-await): drop what is queued.
      return: async () => {
        this.items.length = 0;
        this.end();
        this.resumeWhenLow();
        return { done: true, value: undefined };
      },
    };
  }
}
