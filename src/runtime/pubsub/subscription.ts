/**
 * One subscriber of a topic: an async iterator over the messages published after it subscribed,
 * with a bounded queue. A consumer that keeps up takes each message as it arrives; one that falls
 * `maxQueue` messages behind is ended with SVC_ERR_PUBSUB_BEHIND and its queue dropped, so a
 * stalled client (a full socket) costs at most `maxQueue` references, never a growing backlog.
 */
import { SvcError } from '../errors/svc-error.js';

/** What `PubSub.subscribe` returns: the messages of one topic, and when they start to arrive. */
export interface Subscription<T> extends AsyncIterableIterator<T> {
  /**
   * Resolves once the transport receives the topic (Redis confirmed SUBSCRIBE): every message
   * published after that reaches this subscriber. Iterating does not need to wait for it.
   */
  readonly ready: Promise<void>;
  /** Stops the subscription (as `return()` does); queued messages are dropped. */
  return(): Promise<IteratorResult<T, undefined>>;
}

interface Waiting<T> {
  resolve(result: IteratorResult<T, undefined>): void;
  reject(error: Error): void;
}

const DONE: IteratorResult<never, undefined> = Object.freeze({ done: true, value: undefined });

export class TopicSubscription<T> implements Subscription<T> {
  readonly ready: Promise<void>;
  private queue: T[] = [];
  /** Index of the next queued message: shifting a long array on every read would be quadratic. */
  private head = 0;
  private waiting: Waiting<T> | undefined;
  private failure: Error | undefined;
  private ended = false;

  constructor(
    readonly topic: string,
    private readonly maxQueue: number,
    ready: Promise<void>,
    /** Called once when the subscription ends, for whatever reason: removes it from its topic. */
    private readonly leave: (subscription: TopicSubscription<T>) => void,
  ) {
    this.ready = ready;
    // A transport that never confirms (closed first) must not raise an unhandled rejection.
    ready.catch(() => undefined);
  }

  /** A message for this subscriber (already decoded; shared with the other subscribers of the process). */
  push(message: T): void {
    if (this.ended) return;
    const waiting = this.waiting;
    if (waiting !== undefined) {
      this.waiting = undefined;
      waiting.resolve({ done: false, value: message });
      return;
    }
    if (this.queue.length - this.head >= this.maxQueue) return this.fail(this.behind());
    this.queue.push(message);
  }

  /** Ends the subscription with `error`: the pending or next `next()` rejects with it. */
  fail(error: Error): void {
    if (this.ended) return;
    this.stop();
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting !== undefined) waiting.reject(error);
    else this.failure = error;
  }

  /** Ends the subscription cleanly (the app is closing): a pending `next()` resolves done. */
  finish(): void {
    if (this.ended) return;
    this.stop();
    this.settleDone();
  }

  next(): Promise<IteratorResult<T, undefined>> {
    if (this.head < this.queue.length) return Promise.resolve({ done: false, value: this.take() });
    const failure = this.failure;
    if (failure !== undefined) {
      this.failure = undefined;
      return Promise.reject(failure);
    }
    if (this.ended) return Promise.resolve(DONE);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  return(): Promise<IteratorResult<T, undefined>> {
    this.stop();
    this.failure = undefined;
    this.settleDone();
    return Promise.resolve(DONE);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private take(): T {
    const message = this.queue[this.head] as T;
    this.head++;
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    }
    return message;
  }

  private stop(): void {
    if (this.ended) return;
    this.ended = true;
    this.queue = [];
    this.head = 0;
    this.leave(this);
  }

  private settleDone(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve(DONE);
  }

  private behind(): SvcError {
    return new SvcError(
      'SVC_ERR_PUBSUB_BEHIND',
      `a subscriber of '${this.topic}' had ${this.maxQueue} messages waiting (pubsub.maxQueue) and was ended`,
    );
  }
}
