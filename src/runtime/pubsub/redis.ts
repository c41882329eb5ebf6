/**
 * Through a Redis server, across processes and machines: one connection publishes, one holds the
 * subscriptions (a subscribed Redis connection can do nothing else), one Redis channel per topic,
 * subscribed while this process has a subscriber of it. `@redis/client` is imported only here,
 * when a Redis URL is configured, so apps without Redis never load it.
 *
 * While Redis is unreachable the publishing connection keeps no offline queue, so a publish
 * rejects at once (503) instead of waiting or being dropped; both connections retry with backoff,
 * and once back the client subscribes again to every channel it held, so streams resume.
 *
 * A Redis that stops answering without closing the connection (frozen, swapped out, a dead link)
 * looks connected, so svc bounds each wait itself (`pubsub.commandTimeoutMs`): a PUBLISH not
 * answered in time fails with a 503, and until Redis answers it every publish fails at once. The
 * connection is kept: the late answer settles the abandoned command, so nothing is out of step.
 *
 * Topics that keep a history are published through a script that also appends to a stream
 * (redis-history.ts); history reads go on the publishing connection and wait while it is away.
 * When the subscribing connection drops, what is published meanwhile never reaches this process:
 * `missed` tells PubSub, whose subscribers then catch up from the streams once it is back.
 */
import { createHash } from 'node:crypto';
import { answeredWithin } from './deadline.js';
import { compareRedisIds, type Compare } from './event-ids.js';
import {
  headOf,
  isReadableRedisId,
  pageOf,
  PUBLISH_SCRIPT,
  READ_SCRIPT,
  splitMessage,
  STREAM_PREFIX,
} from './redis-history.js';
import type { Retention } from './retention.js';
import {
  unavailable,
  unconfirmed,
  type Deliver,
  type HistoryPage,
  type TopicHistory,
  type Transport,
} from './transport.js';

/** The few calls svc makes, typed here rather than through the client's generic types. */
interface RedisConnection {
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  destroy(): void;
  duplicate(overrides: { disableOfflineQueue: boolean }): RedisConnection;
  publish(channel: string, message: string): Promise<unknown>;
  evalSha(sha: string, options: ScriptArguments): Promise<unknown>;
  eval(script: string, options: ScriptArguments): Promise<unknown>;
  subscribe(channel: string, listener: Listener): Promise<void>;
  unsubscribe(channel: string, listener: Listener): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'ready', listener: () => void): unknown;
}

type Listener = (message: string, channel: string) => void;

interface ScriptArguments {
  keys: string[];
  arguments: string[];
}

/** A Lua script, run by its SHA1 once Redis knows it. */
interface Script {
  readonly text: string;
  readonly sha: string;
}

function script(text: string): Script {
  return { text, sha: createHash('sha1').update(text).digest('hex') };
}

const PUBLISH = script(PUBLISH_SCRIPT);
const READ = script(READ_SCRIPT);

/** Wait before the n-th reconnection attempt: 50 ms doubling up to 1 s, for as long as it takes. */
const reconnectDelay = (retries: number): number => Math.min(50 * 2 ** retries, 1000);

export interface RedisTransportSettings {
  url: string;
  deliver: Deliver;
  /** The subscribing connection dropped: messages published until it is back do not arrive. */
  missed: () => void;
  log: (line: string) => void;
  timeoutMs: number;
  retention: Retention;
}

export class RedisTransport implements Transport {
  private publisher: RedisConnection | undefined;
  private subscriber: RedisConnection | undefined;
  private started: Promise<void> | undefined;
  private lost = false;
  private closed = false;
  /** A PUBLISH Redis did not answer in time and has not answered since: publishes fail at once. */
  private unanswered: Promise<unknown> | undefined;
  /** Waiting for both connections to be ready (history reads). */
  private connectedWaiters: (() => void)[] = [];
  /** `@redis/client`'s class of error replies, once it is loaded. */
  private errorReply: (new (...args: never[]) => Error) | undefined;
  private readonly url: string;
  private readonly deliver: Deliver;
  private readonly log: (line: string) => void;
  private readonly timeoutMs: number;
  private readonly retention: Retention;
  private readonly onMessage: Listener = (message, channel) => {
    const [id, text] = splitMessage(message);
    this.deliver(channel, text, id);
  };

  readonly history: TopicHistory;

  constructor(private readonly settings: RedisTransportSettings) {
    this.url = settings.url;
    this.deliver = settings.deliver;
    this.log = settings.log;
    this.timeoutMs = settings.timeoutMs;
    this.retention = settings.retention;
    this.history = {
      headNow: () => undefined,
      head: (topic) => this.readHead(topic),
      read: (topic, after, limit) => this.read(topic, after, limit),
      compare: compareRedisIds as Compare,
      owns: isReadableRedisId,
    };
  }

  start(): Promise<void> {
    this.started ??= this.connect();
    return this.started;
  }

  async publish(topic: string, text: string): Promise<void> {
    await this.start();
    const publisher = this.publisher;
    if (publisher === undefined || !publisher.isReady) throw unavailable(topic, 'Redis is unreachable');
    if (this.unanswered !== undefined)
      throw unavailable(topic, `Redis is not answering (nothing within ${this.timeoutMs} ms)`);
    const sent = this.send(publisher, topic, text);
    let answered: boolean;
    try {
      answered = await answeredWithin(sent, this.timeoutMs);
    } catch (error) {
      throw unavailable(topic, `Redis did not take it (${(error as Error).message})`);
    }
    if (answered) return;
    this.noAnswer(sent);
    throw unconfirmed(topic, `Redis did not answer within ${this.timeoutMs} ms`);
  }

  /** Resolves once both connections are ready (at once when they are). */
  whenConnected(): Promise<void> {
    if (this.closed || this.connected()) return Promise.resolve();
    return new Promise((resolve) => this.connectedWaiters.push(resolve));
  }

  async listen(topic: string): Promise<void> {
    await this.start();
    // The subscribing connection queues commands while offline: this completes once Redis is back.
    await this.subscriber?.subscribe(topic, this.onMessage);
  }

  async unlisten(topic: string): Promise<void> {
    await this.start();
    await this.subscriber?.unsubscribe(topic, this.onMessage);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeConnectedWaiters();
    await this.started;
    this.publisher?.destroy();
    this.subscriber?.destroy();
  }

  /** PUBLISH, or for a topic that keeps a history the script that also appends it to the stream. */
  private send(publisher: RedisConnection, topic: string, text: string): Promise<unknown> {
    const policy = this.retention(topic);
    if (policy === undefined) return publisher.publish(topic, text);
    const args = [topic, text, String(policy.events), String(policy.maxAgeMs)];
    return this.run(publisher, PUBLISH, STREAM_PREFIX + topic, args);
  }

  /** A script by its SHA1; by its text when Redis does not know it yet (a new or restarted server). */
  private async run(
    connection: RedisConnection,
    code: Script,
    key: string,
    args: string[],
  ): Promise<unknown> {
    const options = { keys: [key], arguments: args };
    try {
      return await connection.evalSha(code.sha, options);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return connection.eval(code.text, options);
    }
  }

  private async readHead(topic: string): Promise<string> {
    return headOf(await this.readStream(topic, '', 0));
  }

  /**
   * Rejects while the publishing connection is away (the caller waits and tries again). An error
   * reply (the key holds something else) would come again: it is logged, and the page says the
   * events cannot be had.
   */
  private async read(topic: string, after: string, limit: number): Promise<HistoryPage> {
    const maxAgeMs = this.retention(topic)?.maxAgeMs ?? 0;
    try {
      return pageOf(await this.readStream(topic, after, limit), after, maxAgeMs);
    } catch (error) {
      if (this.errorReply === undefined || !(error instanceof this.errorReply)) throw error;
      this.log(`svc: PubSub could not read the history of '${topic}' from Redis: ${error.message}`);
      return { entries: [], gap: true };
    }
  }

  private async readStream(topic: string, after: string, limit: number): Promise<unknown> {
    await this.start();
    const publisher = this.publisher;
    if (publisher === undefined || !publisher.isReady) throw new Error('Redis is unreachable');
    return this.run(publisher, READ, STREAM_PREFIX + topic, [after, String(limit)]);
  }

  private connected(): boolean {
    return this.publisher?.isReady === true && this.subscriber?.isReady === true;
  }

  private wakeConnectedWaiters(): void {
    const waiters = this.connectedWaiters;
    this.connectedWaiters = [];
    for (const wake of waiters) wake();
  }

  private async connect(): Promise<void> {
    const { createClient, ErrorReply } = await import('@redis/client');
    this.errorReply = ErrorReply;
    const publisher = createClient({
      url: this.url,
      disableOfflineQueue: true,
      socket: { reconnectStrategy: reconnectDelay },
    }) as unknown as RedisConnection;
    // The subscriber keeps its offline queue: a SUBSCRIBE made while Redis is away waits for it.
    const subscriber = publisher.duplicate({ disableOfflineQueue: false });
    this.publisher = publisher;
    this.subscriber = subscriber;
    const firstOutcome = Promise.all([this.watch(publisher), this.watch(subscriber)]);
    subscriber.on('error', () => this.settings.missed());
    // connect() settles only once connected (or destroyed); errors arrive as events.
    publisher.connect().catch(() => undefined);
    subscriber.connect().catch(() => undefined);
    // A Redis that accepts the connection and then says nothing would hold start-up (and every
    // publish waiting for it) forever: past the timeout, start as for an unreachable Redis.
    if (await answeredWithin(firstOutcome, this.timeoutMs)) return;
    this.lost = true;
    this.log(this.silentLine());
  }

  /**
   * The first PUBLISH left unanswered: logged once, and publishes fail at once until Redis
   * answers it. A dropped connection rejects it instead, and the lost/reconnected lines report that.
   */
  private noAnswer(command: Promise<unknown>): void {
    if (this.unanswered !== undefined) return;
    this.unanswered = command;
    this.log(this.silentLine());
    command.then(
      () => {
        this.unanswered = undefined;
        this.log(`svc: PubSub: Redis at ${this.where()} answers again`);
      },
      () => (this.unanswered = undefined),
    );
  }

  private silentLine(): string {
    return `svc: PubSub: Redis at ${this.where()} did not answer within ${this.timeoutMs} ms; publishes answer 503 until it does`;
  }

  /** Logs each outage once and each recovery once; resolves at the first ready or error. */
  private watch(connection: RedisConnection): Promise<void> {
    return new Promise((resolve) => {
      connection.on('error', (error) => {
        if (!this.lost) this.log(`svc: PubSub lost Redis at ${this.where()} (${error.message}); retrying`);
        this.lost = true;
        resolve();
      });
      connection.on('ready', () => {
        if (this.lost && this.connected()) {
          this.lost = false;
          this.log(`svc: PubSub reconnected to Redis at ${this.where()}; subscriptions restored`);
        }
        if (this.connected()) this.wakeConnectedWaiters();
        resolve();
      });
    });
  }

  /** Host and port only: the URL may carry a password. */
  private where(): string {
    try {
      return new URL(this.url).host;
    } catch {
      return 'the configured URL';
    }
  }
}
