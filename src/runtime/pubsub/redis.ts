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
 */
import { answeredWithin } from './deadline.js';
import { unavailable, unconfirmed, type Deliver, type Transport } from './transport.js';

/** The few calls svc makes, typed here rather than through the client's generic types. */
interface RedisConnection {
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  destroy(): void;
  duplicate(overrides: { disableOfflineQueue: boolean }): RedisConnection;
  publish(channel: string, message: string): Promise<unknown>;
  subscribe(channel: string, listener: Listener): Promise<void>;
  unsubscribe(channel: string, listener: Listener): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'ready', listener: () => void): unknown;
}

type Listener = (message: string, channel: string) => void;

/** Wait before the n-th reconnection attempt: 50 ms doubling up to 1 s, for as long as it takes. */
const reconnectDelay = (retries: number): number => Math.min(50 * 2 ** retries, 1000);

export class RedisTransport implements Transport {
  private publisher: RedisConnection | undefined;
  private subscriber: RedisConnection | undefined;
  private started: Promise<void> | undefined;
  private lost = false;
  /** A PUBLISH Redis did not answer in time and has not answered since: publishes fail at once. */
  private unanswered: Promise<unknown> | undefined;
  private readonly onMessage: Listener = (message, channel) => this.deliver(channel, message);

  constructor(
    private readonly url: string,
    private readonly deliver: Deliver,
    private readonly log: (line: string) => void,
    private readonly timeoutMs: number,
  ) {}

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
    const sent = publisher.publish(topic, text);
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
    await this.started;
    this.publisher?.destroy();
    this.subscriber?.destroy();
  }

  private async connect(): Promise<void> {
    const { createClient } = await import('@redis/client');
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
        if (this.lost && this.publisher?.isReady && this.subscriber?.isReady) {
          this.lost = false;
          this.log(`svc: PubSub reconnected to Redis at ${this.where()}; subscriptions restored`);
        }
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
