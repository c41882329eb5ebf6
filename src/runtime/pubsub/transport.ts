/**
 * What carries published messages: within the process, between the workers of
 * `svc start --workers N` (the primary relays over cluster IPC), or through Redis. Messages travel
 * as JSON text; each process decodes a message once and hands it to its own subscribers.
 */
import { FrameworkHttpError } from '../errors/problem.js';

/** Hands one received message (JSON text) to the subscribers of `topic` in this process. */
export type Deliver = (topic: string, text: string) => void;

export interface Transport {
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
