/**
 * One subscriber of a topic: an async iterator over the messages published after it subscribed
 * (or after the event it resumes from), with a bounded queue. A consumer that keeps up takes each
 * message as it arrives; one that falls `maxQueue` messages behind is ended with
 * SVC_ERR_PUBSUB_BEHIND and its queue dropped, so a stalled client (a full socket) costs at most
 * `maxQueue` references, never a growing backlog.
 *
 * Where the topic keeps a history, each message carries its id, and the subscription knows where
 * it stands (`lastId`, the id of the last message taken). While it catches up on the history (a
 * resume, or messages missed while Redis was away) it holds the live messages that arrive (at
 * most `maxQueue`; past that it drops them and reads them from the history instead), takes the
 * history's pages in order, then releases what it held; ids it already has are skipped, so the
 * consumer sees each message once, in order.
 */
import { SvcError } from '../errors/svc-error.js';
import type { Compare } from './event-ids.js';

/** What `PubSub.subscribe` returns: the messages of one topic, and when they start to arrive. */
export interface Subscription<T> extends AsyncIterableIterator<T> {
  /**
   * Resolves once the transport receives the topic (Redis confirmed SUBSCRIBE): every message
   * published after that reaches this subscriber. Iterating does not need to wait for it.
   */
  readonly ready: Promise<void>;
  /**
   * The id of the last message taken (before any, where the subscription started): pass it as
   * `after` to a later `subscribe` to go on from there. Undefined when the topic keeps no history.
   */
  readonly lastId: string | undefined;
  /** Stops the subscription (as `return()` does); queued messages are dropped. */
  return(): Promise<IteratorResult<T, undefined>>;
}

interface Waiting<T> {
  resolve(result: IteratorResult<T, undefined>): void;
  reject(error: Error): void;
}

/** Live messages that arrived while catching up on the history. */
interface Held<T> {
  messages: T[];
  ids: (string | undefined)[];
  /** Some were dropped (too many, or the transport lost them) since the last history read began. */
  dropped: boolean;
}

const DONE: IteratorResult<never, undefined> = Object.freeze({ done: true, value: undefined });

export class TopicSubscription<T> implements Subscription<T> {
  ready: Promise<void> = Promise.resolve();
  private queue: T[] = [];
  private ids: (string | undefined)[] = [];
  /** Index of the next queued message: shifting a long array on every read would be quadratic. */
  private head = 0;
  private waiting: Waiting<T> | undefined;
  private failure: Error | undefined;
  private ended = false;
  private position: string | undefined;
  /** The newest id this subscription has (queued or taken): older ones are skipped. */
  private received: string | undefined;
  private held: Held<T> | undefined;
  private whenDrained: (() => void) | undefined;

  constructor(
    readonly topic: string,
    private readonly maxQueue: number,
    /** Orders ids of the topic; undefined when it keeps no history. */
    private readonly compare: Compare | undefined,
    /** Called once when the subscription ends, for whatever reason: removes it from its topic. */
    private readonly leave: (subscription: TopicSubscription<T>) => void,
    /** Told when events it should have had are no longer retained (the id after which they were lost). */
    readonly onGap?: (lastId: string) => void,
  ) {}

  /** Set once by PubSub, which knows when the topic is received (a transport that never confirms must not raise). */
  setReady(ready: Promise<void>): void {
    this.ready = ready;
    ready.catch(() => undefined);
  }

  get lastId(): string | undefined {
    return this.position;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Whether it holds live messages while it catches up. */
  get holding(): boolean {
    return this.held !== undefined;
  }

  /** Whether it can catch up on missed messages: its topic keeps a history and it knows where it stands. */
  get resumable(): boolean {
    return this.compare !== undefined && this.received !== undefined;
  }

  /** A message for this subscriber (already decoded; shared with the other subscribers of the process). */
  push(message: T, id: string | undefined): void {
    if (this.ended) return;
    const held = this.held;
    if (held === undefined) return this.accept(message, id);
    held.messages.push(message);
    held.ids.push(id);
    // The history has them too: past the bound, read them from there rather than hold more.
    if (held.messages.length > this.maxQueue) this.dropHeld(held);
  }

  /** Starts at `position` (a new subscriber: the topic's newest event; or where a gap left it). */
  startAt(position: string): void {
    this.position = position;
    this.received = position;
  }

  /** Starts holding live messages to catch up; `missed`: the transport lost some. True if it was not holding yet. */
  hold(missed: boolean): boolean {
    if (this.held !== undefined) {
      if (missed) this.dropHeld(this.held);
      return false;
    }
    this.held = { messages: [], ids: [], dropped: missed };
    return true;
  }

  /** A history read begins: returns the id to read after, and clears the drop mark. */
  beginRead(): string {
    if (this.held !== undefined) this.held.dropped = false;
    return this.received as string;
  }

  /** Whether held messages were dropped since the last read began (so one more read is needed). */
  get droppedSinceRead(): boolean {
    return this.held?.dropped === true;
  }

  /** Retained messages after where it stands, oldest first; any it already has are skipped. */
  appendHistory(entries: readonly (readonly [string, T])[]): void {
    for (const [id, message] of entries) if (this.isNew(id)) this.enqueue(message, id);
  }

  /** Caught up: the held live messages follow the history's (those the history gave are skipped). */
  release(): void {
    const held = this.held;
    this.held = undefined;
    if (held === undefined || this.ended) return;
    held.messages.forEach((message, n) => {
      const id = held.ids[n];
      if (id === undefined || this.isNew(id)) this.enqueue(message, id);
    });
  }

  /** Resolves once every queued message was taken (or the subscription ended): time for the next page. */
  drained(): Promise<void> {
    if (this.ended || this.head === this.queue.length) return Promise.resolve();
    return new Promise((resolve) => (this.whenDrained = resolve));
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

  /** A live message: skipped if already had, else handed over or queued (up to `maxQueue`). */
  private accept(message: T, id: string | undefined): void {
    if (id !== undefined && !this.isNew(id)) return;
    if (this.waiting === undefined && this.queue.length - this.head >= this.maxQueue)
      return this.fail(this.behind());
    this.enqueue(message, id);
  }

  /** Newer than anything it has (and then it has it); always true for a topic without history. */
  private isNew(id: string): boolean {
    if (this.compare === undefined) return true;
    if (this.received !== undefined && this.compare(id, this.received) <= 0) return false;
    this.received = id;
    return true;
  }

  private enqueue(message: T, id: string | undefined): void {
    const waiting = this.waiting;
    if (waiting === undefined) {
      this.queue.push(message);
      this.ids.push(id);
      return;
    }
    this.waiting = undefined;
    if (id !== undefined) this.position = id;
    waiting.resolve({ done: false, value: message });
  }

  private take(): T {
    const message = this.queue[this.head] as T;
    const id = this.ids[this.head];
    if (id !== undefined) this.position = id;
    this.head++;
    if (this.head === this.queue.length) {
      this.queue = [];
      this.ids = [];
      this.head = 0;
      this.drainedNow();
    }
    return message;
  }

  private dropHeld(held: Held<T>): void {
    held.messages = [];
    held.ids = [];
    held.dropped = true;
  }

  private drainedNow(): void {
    const resolve = this.whenDrained;
    this.whenDrained = undefined;
    resolve?.();
  }

  private stop(): void {
    if (this.ended) return;
    this.ended = true;
    this.queue = [];
    this.ids = [];
    this.head = 0;
    this.held = undefined;
    this.drainedNow();
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
