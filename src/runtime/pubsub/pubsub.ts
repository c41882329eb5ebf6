/**
 * `PubSub`: JSON messages published to topics and received by their subscribers, within one
 * process, across the workers of `svc start --workers N`, or across processes and machines through
 * Redis (docs/scaling-out.md). svc provides one per app and injects it by type.
 *
 * Each process keeps its own subscribers per topic and asks the transport for a topic while it has
 * at least one, so a closed stream (its iterator's `return()`) leaves no subscription behind.
 *
 * Topics keep a bounded history (`pubsub.retention`, docs/scaling-out.md): each message carries
 * its id in it, and a subscriber may start after a given id (an SSE stream's `Last-Event-ID`,
 * found through the request scope), getting the retained messages after it, then the live ones.
 */
import {
  DEFAULT_PUBSUB_COMMAND_TIMEOUT_MS,
  DEFAULT_PUBSUB_MAX_QUEUE,
  DEFAULT_PUBSUB_RETAINED_BYTES,
  type RetentionOptions,
  type TopicOptions,
} from '../../model/app-options.js';
import { SvcError } from '../errors/svc-error.js';
import { catchUp, whileConnected, type CatchUpSource } from './catch-up.js';
import { ClusterTransport, underClusterRelay } from './cluster.js';
import { isEventId } from './event-ids.js';
import { InProcessTransport } from './in-process.js';
import { LocalHistory } from './local-history.js';
import { RedisTransport } from './redis.js';
import { currentRequestSubscriptions } from './request-scope.js';
import { retentionOf, type Retention } from './retention.js';
import { TopicSubscription, type Subscription } from './subscription.js';
import { unavailable, type Deliver, type TopicHistory, type Transport } from './transport.js';

export interface PubSubSettings {
  /** A Redis URL. Without it the workers of `svc start --workers N` relay, and one process keeps messages in-process. */
  redis?: string;
  /** Messages one subscriber may have waiting (default 1000); one more ends it with SVC_ERR_PUBSUB_BEHIND. */
  maxQueue?: number;
  /** How long a publish waits for Redis's answer before it fails with SVC_ERR_PUBSUB_UNAVAILABLE (default 2000 ms). */
  commandTimeoutMs?: number;
  /** What each topic keeps for subscribers that resume (default: 1000 events, 5 minutes); `false` keeps nothing. */
  retention?: RetentionOptions | false;
  /** Retention by topic or `prefix*`; the longest match wins over `retention`. */
  topics?: Record<string, TopicOptions>;
  /** Without Redis: the most bytes (JSON text) retained events take in this process (default 16 MiB). */
  retainedBytes?: number;
  /** Where connection losses and recoveries are reported. Default: standard error. */
  log?: (line: string) => void;
}

/** Where `subscribe` starts, and who hears of lost events; within a request both come from it. */
export interface SubscribeOptions {
  /**
   * Start after this id (a subscription's `lastId`, or the `Last-Event-ID` of an SSE stream): the
   * retained messages after it come first, then the live ones.
   */
  after?: string;
  /** Called when messages after `lastId` are no longer retained (or `after` is an id of another process). */
  onGap?: (lastId: string) => void;
}

/** The subscribers of one topic in this process, and the transport's confirmation that it receives it. */
interface Topic {
  readonly subscribers: Set<TopicSubscription<unknown>>;
  readonly listening: Promise<void>;
  /** The id of the newest message of the topic this process has seen (or read as its head). */
  head: string | undefined;
}

export class PubSub {
  private readonly topics = new Map<string, Topic>();
  private readonly maxQueue: number;
  private readonly log: (line: string) => void;
  private readonly retention: Retention;
  private transport: Transport | undefined;
  private started: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly settings: PubSubSettings = {}) {
    this.maxQueue = settings.maxQueue ?? DEFAULT_PUBSUB_MAX_QUEUE;
    this.log = settings.log ?? ((line) => console.error(line));
    this.retention = retentionOf(settings.retention, settings.topics);
  }

  /**
   * Connects the transport now: resolves once connected, or once the first attempt failed (it
   * keeps retrying). svc calls it before the server listens; otherwise the first use connects.
   */
  connect(): Promise<void> {
    this.transportNow();
    return this.started as Promise<void>;
  }

  /**
   * Sends `message` (encoded as JSON) to every subscriber of `topic`, in every process. Resolves
   * once the transport has it; rejects with SVC_ERR_PUBSUB_UNAVAILABLE (a 503 when a handler lets
   * it through) when the transport is down or Redis does not answer within `commandTimeoutMs`, so
   * nothing is dropped silently and no caller waits longer than that.
   */
  async publish(topic: string, message: unknown): Promise<void> {
    const text = encode(topic, message);
    if (this.closed) throw unavailable(topic, 'the app is closing');
    await this.transportNow().publish(topic, text);
  }

  /**
   * The messages published to `topic` from now on, as an async iterator (return it from an
   * `@SSE` or `@WebSocket` handler, or `yield*` it). Its `return()`, which svc calls when the
   * client goes away, unsubscribes. One made while serving a request also ends when that request
   * is over, even while a generator is parked inside `yield*`, and resumes after the request's
   * `Last-Event-ID` (an SSE client that reconnects). A subscriber that falls `maxQueue` messages
   * behind is ended with an error.
   */
  subscribe<T = unknown>(topic: string, options: SubscribeOptions = {}): Subscription<T> {
    const entry = this.topics.get(topic) ?? this.open(topic);
    const request = currentRequestSubscriptions();
    const after = options.after ?? request?.resumePoint();
    const history =
      this.closed || this.retention(topic) === undefined ? undefined : this.transportNow().history;
    const leave = (ended: TopicSubscription<T>): void => {
      request?.release(ended);
      this.leave(ended as TopicSubscription<unknown>);
    };
    const subscription = new TopicSubscription<T>(
      topic,
      this.maxQueue,
      history?.compare,
      leave,
      options.onGap ?? request?.gap,
    );
    request?.bind(subscription);
    if (this.closed) {
      subscription.finish();
      return subscription;
    }
    entry.subscribers.add(subscription as TopicSubscription<unknown>);
    // A topic that keeps nothing cannot resume; an id of svc's means the client expected it to.
    if (history === undefined && after !== undefined && isEventId(after)) subscription.onGap?.(after);
    const started = history && this.begin(subscription as TopicSubscription<unknown>, entry, history, after);
    subscription.setReady(started ?? entry.listening);
    return subscription;
  }

  /** Ends every subscription (their streams end cleanly) and disconnects. svc calls it on shutdown. */
  async close(): Promise<void> {
    this.closed = true;
    for (const entry of [...this.topics.values()])
      for (const subscription of [...entry.subscribers]) subscription.finish();
    this.topics.clear();
    await this.transport?.close();
  }

  /**
   * Where a subscription of a topic with history starts: after `after` when the history can place
   * it (catching up first), else at the topic's newest message. Resolves when it is `ready`.
   */
  private begin(
    subscription: TopicSubscription<unknown>,
    entry: Topic,
    history: TopicHistory,
    after: string | undefined,
  ): Promise<void> {
    if (after !== undefined && history.owns(after)) {
      subscription.startAt(after);
      subscription.hold(false);
      // Ready once the first page is in: a gap is known (and reported) before the handler goes on.
      return new Promise((ready, failed) => {
        entry.listening.then(
          () => catchUp(subscription, this.source(), ready),
          (error: unknown) => {
            subscription.release();
            failed(error as Error);
          },
        );
      });
    }
    // One of svc's ids this history cannot place (another worker's, an earlier run's): say so.
    if (after !== undefined && isEventId(after)) subscription.onGap?.(after);
    const head = entry.head ?? history.headNow();
    if (head === undefined) return this.startAtHead(subscription, entry, history);
    subscription.startAt(head);
    return entry.listening;
  }

  /** Redis: the topic's newest id, read once the topic is received; live messages wait meanwhile. */
  private async startAtHead(
    subscription: TopicSubscription<unknown>,
    entry: Topic,
    history: TopicHistory,
  ): Promise<void> {
    subscription.hold(false);
    try {
      await entry.listening;
    } catch (error) {
      // Logged by `open`; the subscription goes on without a position.
      subscription.release();
      throw error;
    }
    const head = await whileConnected(subscription, this.source(), () => history.head(subscription.topic));
    if (head === undefined) return;
    if (entry.head === undefined || history.compare(head, entry.head) > 0) entry.head = head;
    subscription.startAt(head);
    if (subscription.droppedSinceRead) void catchUp(subscription, this.source());
    else subscription.release();
  }

  private open(topic: string): Topic {
    const listening = this.closed ? Promise.resolve() : this.transportNow().listen(topic);
    listening.catch((error: unknown) => {
      if (!this.closed) this.log(`svc: PubSub could not subscribe to '${topic}': ${String(error)}`);
    });
    const entry: Topic = { subscribers: new Set(), listening, head: undefined };
    if (!this.closed) this.topics.set(topic, entry);
    return entry;
  }

  private leave(subscription: TopicSubscription<unknown>): void {
    const entry = this.topics.get(subscription.topic);
    if (entry === undefined || !entry.subscribers.delete(subscription) || entry.subscribers.size > 0) return;
    this.topics.delete(subscription.topic);
    if (this.closed) return;
    this.transport?.unlisten(subscription.topic).catch((error: unknown) => {
      this.log(`svc: PubSub could not unsubscribe from '${subscription.topic}': ${String(error)}`);
    });
  }

  /** Decodes a received message once and hands it to this process's subscribers of its topic. */
  private readonly deliver: Deliver = (topic, text, id) => {
    const entry = this.topics.get(topic);
    if (entry === undefined) return;
    const message = this.decode(topic, text);
    if (message === undefined) return;
    // The transport delivers a topic's messages in the order of its history.
    if (id !== undefined) entry.head = id;
    for (const subscription of entry.subscribers) subscription.push(message, id);
  };

  private decode(topic: string, text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      this.log(`svc: PubSub dropped a message on '${topic}' that is not JSON (published by something else)`);
      return undefined;
    }
  }

  /**
   * The transport stopped receiving for a while (a Redis connection dropped): every subscriber
   * that knows where it stands holds the live messages and catches up from the history.
   */
  private readonly missed = (): void => {
    for (const entry of this.topics.values()) {
      // What was missed is newer: a new subscriber reads the head again rather than start before it.
      entry.head = undefined;
      for (const subscription of entry.subscribers)
        if ((subscription.holding || subscription.resumable) && subscription.hold(true))
          void catchUp(subscription, this.source());
    }
  };

  private source(): CatchUpSource {
    const transport = this.transportNow();
    return {
      history: transport.history,
      whenConnected: () => transport.whenConnected(),
      decode: (topic, text) => this.decode(topic, text),
    };
  }

  private transportNow(): Transport {
    if (this.transport === undefined) {
      this.transport = this.createTransport();
      this.started = this.transport.start();
    }
    return this.transport;
  }

  private createTransport(): Transport {
    const { redis, commandTimeoutMs, retainedBytes } = this.settings;
    if (redis) {
      return new RedisTransport({
        url: redis,
        deliver: this.deliver,
        missed: this.missed,
        log: this.log,
        timeoutMs: commandTimeoutMs ?? DEFAULT_PUBSUB_COMMAND_TIMEOUT_MS,
        retention: this.retention,
      });
    }
    const history = new LocalHistory(this.retention, retainedBytes ?? DEFAULT_PUBSUB_RETAINED_BYTES);
    if (underClusterRelay()) return new ClusterTransport(this.deliver, history);
    return new InProcessTransport(this.deliver, history);
  }
}

function encode(topic: string, message: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(message);
  } catch (error) {
    throw notJson(topic, (error as Error).message);
  }
  if (text === undefined) throw notJson(topic, `${typeof message} has no JSON form`);
  return text;
}

function notJson(topic: string, why: string): SvcError {
  return new SvcError(
    'SVC_ERR_PUBSUB_MESSAGE',
    `PubSub.publish('${topic}'): the message is not JSON (${why})`,
  );
}

/**
 * For the readiness check (src/runtime/health): whether both Redis connections of `pubsub` are
 * ready now; undefined when it carries messages without Redis or has not started.
 */
export function redisConnected(pubsub: PubSub): boolean | undefined {
  const transport = pubsub['transport'];
  if (!(transport instanceof RedisTransport)) return undefined;
  return transport['publisher']?.isReady === true && transport['subscriber']?.isReady === true;
}
