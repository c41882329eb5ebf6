/**
 * What carries published messages: within the process, between the workers of
 * `svc start --workers N` (the primary relays over cluster IPC), or through Redis. Messages travel
 * as JSON text; each process decodes a message once and hands it to its own subscribers.
 */
import { FrameworkHttpError } from '../errors/problem.js';

/** Hands one received message (JSON text) to the subscribers of `topic` in this process. */
export type Deliver = (topic: string, text: string) => void;

export interface Transport {
  /** Connects; resolves once connected or once the first attempt failed (it keeps retrying). */
  start(): Promise<void>;
  /** Hands `text` over; rejects with SVC_ERR_PUBSUB_UNAVAILABLE when it cannot (nothing was sent). */
  publish(topic: string, text: string): Promise<void>;
  /** Starts receiving `topic`; resolves once the transport confirms. */
  listen(topic: string): Promise<void>;
  /** Stops receiving `topic`. */
  unlisten(topic: string): Promise<void>;
  close(): Promise<void>;
}

/** The 503 a publish rejects with; a handler that lets it through answers it (with `Retry-After`). */
export function unavailable(topic: string, why: string): FrameworkHttpError {
  return new FrameworkHttpError(
    'SVC_ERR_PUBSUB_UNAVAILABLE',
    `The message for '${topic}' was not published: ${why}.`,
    undefined,
    { 'retry-after': '1' },
  );
}
