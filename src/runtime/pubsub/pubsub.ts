/**
 * `PubSub`: JSON messages published to topics and received by their subscribers, within one
 * process, across the workers of `svc start --workers N`, or across processes and machines through
 * Redis (docs/scaling-out.md). svc provides one per app and injects it by type.
 *
 * Each process keeps its own subscribers per topic and asks the transport for a topic while it has
 * at least one, so a closed stream (its iterator's `return()`) leaves no subscription behind.
 */
import { DEFAULT_PUBSUB_COMMAND_TIMEOUT_MS, DEFAULT_PUBSUB_MAX_QUEUE } from '../../model/app-options.js';
import { SvcError } from '../errors/svc-error.js';
import { ClusterTransport, underClusterRelay } from './cluster.js';
import { InProcessTransport } from './in-process.js';
import { RedisTransport } from './redis.js';
import { currentRequestSubscriptions } from './request-scope.js';
import { TopicSubscription, type Subscription } from './subscription.js';
import { unavailable, type Deliver, type Transport } from './transport.js';

export interface PubSubSettings {
  /** A Redis URL. Without it the workers of `svc start --workers N` relay, and one process keeps messages in-process. */
  redis?: string;
  /** Messages one subscriber may have waiting (default 1000); one more ends it with SVC_ERR_PUBSUB_BEHIND. */
  maxQueue?: number;
  /** How long a publish waits for Redis's answer before it fails with SVC_ERR_PUBSUB_UNAVAILABLE (default 2000 ms). */
  commandTimeoutMs?: number;
  /** Where connection losses and recoveries are reported. Default: standard error. */
  log?: (line: string) => void;
}

/** The subscribers of one topic in this process, and the transport's confirmation that it receives it. */
interface Topic {
  readonly subscribers: Set<TopicSubscription<unknown>>;
  readonly listening: Promise<void>;
}

export class PubSub {
  private readonly topics = new Map<string, Topic>();
  private readonly maxQueue: number;
  private readonly log: (line: string) => void;
  private transport: Transport | undefined;
  private started: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly settings: PubSubSettings = {}) {
    this.maxQueue = settings.maxQueue ?? DEFAULT_PUBSUB_MAX_QUEUE;
    this.log = settings.log ?? ((line) => console.error(line));
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
   * is over, even while a generator is parked inside `yield*`. A subscriber that falls `maxQueue`
   * messages behind is ended with an error.
   */
  subscribe<T = unknown>(topic: string): Subscription<T> {
    const entry = this.topics.get(topic) ?? this.open(topic);
    const request = currentRequestSubscriptions();
    const subscription = new TopicSubscription<T>(topic, this.maxQueue, entry.listening, (ended) => {
      request?.release(ended);
      this.leave(ended as TopicSubscription<unknown>);
    });
    if (this.closed) subscription.finish();
    else {
      entry.subscribers.add(subscription as TopicSubscription<unknown>);
      request?.bind(subscription);
    }
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

  private open(topic: string): Topic {
    const listening = this.closed ? Promise.resolve() : this.transportNow().listen(topic);
    listening.catch((error: unknown) => {
      if (!this.closed) this.log(`svc: PubSub could not subscribe to '${topic}': ${String(error)}`);
    });
    const entry: Topic = { subscribers: new Set(), listening };
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
  private readonly deliver: Deliver = (topic, text) => {
    const entry = this.topics.get(topic);
    if (entry === undefined) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.log(`svc: PubSub dropped a message on '${topic}' that is not JSON (published by something else)`);
      return;
    }
    for (const subscription of entry.subscribers) subscription.push(message);
  };

  private transportNow(): Transport {
    if (this.transport === undefined) {
      this.transport = this.createTransport();
      this.started = this.transport.start();
    }
    return this.transport;
  }

  private createTransport(): Transport {
    if (this.settings.redis) {
      const timeoutMs = this.settings.commandTimeoutMs ?? DEFAULT_PUBSUB_COMMAND_TIMEOUT_MS;
      return new RedisTransport(this.settings.redis, this.deliver, this.log, timeoutMs);
    }
    if (underClusterRelay()) return new ClusterTransport(this.deliver);
    return new InProcessTransport(this.deliver);
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
