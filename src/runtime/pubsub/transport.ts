/**
 * What carries published messages: within the process, between the workers of
 * `svc start --workers N` (the primary relays over cluster IPC), or through Redis. Messages travel
 * as JSON text; each process decodes a message once and hands it to its own subscribers.
 */
import { FrameworkHttpError } from '../errors/problem.js';
import type { Compare } from './event-ids.js';

/**
 * Hands one received message (JSON text) to the subscribers of `topic` in this process, with its
 * id in the topic's history (undefined when the topic keeps none).
 */
export type Deliver = (topic: string, text: string, id: string | undefined) => void;

/** One read of a topic's history after a position. */
export interface HistoryPage {
  /** The retained events after the position, oldest first, as `[id, JSON text]`. */
  readonly entries: readonly (readonly [string, string])[];
  /** Some events after the position are no longer retained, or the position cannot be placed. */
  readonly gap: boolean;
  /** Where the reader stands after this page when the position cannot be placed or nothing is held (the head). */
  readonly restart?: string;
}

/** What lets a subscriber start after a given event: the retained events of each topic. */
export interface TopicHistory {
  /**
   * Where a new subscriber starts, when known without asking: in this process, the newest id
   * given (taken at once, so nothing published meanwhile is skipped). Undefined for Redis.
   */
  headNow(): string | undefined;
  /** Where a new subscriber of `topic` starts: its newest event, or a point before any to come. Ask once the topic is received. */
  head(topic: string): Promise<string>;
  /** Up to `limit` retained events after `after`; rejects when the transport is down. */
  read(topic: string, after: string, limit: number): Promise<HistoryPage>;
  /** Orders two ids of one topic. */
  readonly compare: Compare;
  /** Whether `id` is a position of this history: one of svc's ids it can place or judge. */
  owns(id: string): boolean;
}

export interface Transport {
  /** The topics' histories, which transports with retention keep. */
  readonly history: TopicHistory;
  /**
   * Resolves once the transport receives every topic it listens to and can read history (at
   * once, unless a Redis connection is down: then once it is back and has subscribed again).
   */
  whenConnected(): Promise<void>;
  /** Connects; resolves once connected, or once the first attempt failed or went unanswered (it keeps trying). */
  start(): Promise<void>;
  /**
   * Hands `text` over; rejects with SVC_ERR_PUBSUB_UNAVAILABLE when it cannot (nothing was sent)
   * or when it sent it and got no confirmation in time (`unconfirmed`: it may still be delivered).
   */
  publish(topic: string, text: string): Promise<void>;
  /** Starts receiving `topic`; resolves once the transport confirms. */
  listen(topic: string): Promise<void>;
  /** Stops receiving `topic`. */
  unlisten(topic: string): Promise<void>;
  close(): Promise<void>;
}

/** The 503 a publish rejects with; a handler that lets it through answers it (with `Retry-After`). */
export function unavailable(topic: string, why: string): FrameworkHttpError {
  return unpublished(topic, `was not published: ${why}.`);
}

/**
 * The same 503 for a message that was sent but not confirmed in time: the transport may still
 * deliver it once it answers, so the detail does not say it was lost.
 */
export function unconfirmed(topic: string, why: string): FrameworkHttpError {
  return unpublished(topic, `was not confirmed: ${why}; it may still be delivered.`);
}

function unpublished(topic: string, what: string): FrameworkHttpError {
  return new FrameworkHttpError(
    'SVC_ERR_PUBSUB_UNAVAILABLE',
    `The message for '${topic}' ${what}`,
    undefined,
    { 'retry-after': '1' },
  );
}
