/**
 * Counters in Redis, shared by every process and machine that uses the same server: one script
 * per request (INCR, and PEXPIRE when the key has no expiry yet, returning the count and PTTL),
 * so a count is one atomic round trip. `@redis/client` is imported only when this store is used.
 *
 * Redis away (unreachable, or silent for `commandTimeoutMs`): requests are served unlimited
 * (fail-open: an outage of the limiter is not an outage of the API), with one log line when the
 * outage starts and one when Redis answers again, never one per request. Like PubSub's publisher,
 * the connection keeps no offline queue, and after one count goes unanswered the next requests do
 * not wait: they are served at once until Redis answers it.
 */
import { createHash } from 'node:crypto';
import { answeredWithin } from '../pubsub/deadline.js';
import type { Hit, RateLimitStore } from './store.js';

/** Counts one request; the window starts with the key's first request. */
export const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;
const HIT_SHA = createHash('sha1').update(HIT_SCRIPT).digest('hex');

/** Keys of svc's counters: `svc:rl:<policy>:<key>`. */
export const KEY_PREFIX = 'svc:rl:';

interface ScriptArguments {
  keys: string[];
  arguments: string[];
}

/** The few calls this store makes, typed here rather than through the client's generic types. */
interface RedisConnection {
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  destroy(): void;
  evalSha(sha: string, options: ScriptArguments): Promise<unknown>;
  eval(script: string, options: ScriptArguments): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'ready', listener: () => void): unknown;
}

export interface RedisStoreSettings {
  url: string;
  timeoutMs: number;
  log: (line: string) => void;
}

/** Wait before the n-th reconnection attempt: 50 ms doubling up to 1 s. */
const reconnectDelay = (retries: number): number => Math.min(50 * 2 ** retries, 1000);

export class RedisStore implements RateLimitStore {
  private connection: RedisConnection | undefined;
  /** Served unlimited since this outage began (its one line logged). */
  private away = false;
  /** A count Redis has not answered yet: until it does, requests do not wait for Redis. */
  private unanswered: Promise<unknown> | undefined;

  constructor(private readonly settings: RedisStoreSettings) {}

  /** Connects; resolves once Redis is ready or failed (or after the timeout), never rejects. */
  async start(): Promise<void> {
    const { createClient } = await import('@redis/client');
    const connection = createClient({
      url: this.settings.url,
      disableOfflineQueue: true,
      socket: { reconnectStrategy: reconnectDelay },
    }) as unknown as RedisConnection;
    this.connection = connection;
    const first = new Promise<void>((resolve) => {
      connection.on('error', (error) => {
        this.outage(`unreachable (${error.message})`);
        resolve();
      });
      connection.on('ready', () => {
        this.back();
        resolve();
      });
    });
    connection.connect().catch(() => undefined);
    if (!(await answeredWithin(first, this.settings.timeoutMs))) this.outage('not answering');
  }

  hit(key: string, windowMs: number): Promise<Hit | undefined> | undefined {
    const connection = this.connection;
    if (connection === undefined || !connection.isReady || this.unanswered !== undefined) return undefined;
    return this.count(connection, KEY_PREFIX + key, windowMs);
  }

  async close(): Promise<void> {
    this.connection?.destroy();
    this.connection = undefined;
  }

  private async count(connection: RedisConnection, key: string, windowMs: number): Promise<Hit | undefined> {
    const sent = this.run(connection, key, windowMs);
    try {
      if (!(await answeredWithin(sent, this.settings.timeoutMs))) {
        this.noAnswer(sent);
        return undefined;
      }
    } catch (error) {
      this.outage(`failed (${(error as Error).message})`);
      return undefined;
    }
    const [count, ttl] = (await sent) as [number, number];
    return { count: Number(count), resetInMs: Number(ttl) };
  }

  /** The script by its SHA1; by its text when Redis does not know it yet (a new or restarted server). */
  private async run(connection: RedisConnection, key: string, windowMs: number): Promise<unknown> {
    const options = { keys: [key], arguments: [String(windowMs)] };
    try {
      return await connection.evalSha(HIT_SHA, options);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return connection.eval(HIT_SCRIPT, options);
    }
  }

  private noAnswer(command: Promise<unknown>): void {
    if (this.unanswered !== undefined) return;
    this.unanswered = command;
    this.outage(`did not answer within ${this.settings.timeoutMs} ms`);
    const answered = (): void => {
      this.unanswered = undefined;
      if (this.connection?.isReady) this.back();
    };
    command.then(answered, answered);
  }

  private outage(why: string): void {
    if (this.away) return;
    this.away = true;
    this.settings.log(
      `svc: rate limits: Redis at ${this.where()} ${why}; requests are served without a limit until it answers`,
    );
  }

  private back(): void {
    if (!this.away) return;
    this.away = false;
    this.settings.log(`svc: rate limits: Redis at ${this.where()} answers again; limits apply`);
  }

  /** Host and port only: the URL may carry a password. */
  private where(): string {
    try {
      return new URL(this.settings.url).host;
    } catch {
      return 'the configured URL';
    }
  }
}
