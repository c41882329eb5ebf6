/**
 * Catching a subscription up on its topic's history: from where it stands, page by page, until a
 * page ends short of the limit while none of the live messages it held since that read began was
 * dropped. Then every message after that page reached it live (the read began after the topic
 * was received), so it releases what it held and goes on live. Reads wait while the transport is
 * away (a Redis outage) and go on when it is back; a Redis that stops answering holds the read
 * until it answers again, and the stream meanwhile stays open.
 *
 * A page that says events are no longer retained is reported once per catch-up (the SSE stream
 * writes an `svc-gap` event); the retained ones are given all the same.
 */
import type { TopicSubscription } from './subscription.js';
import type { HistoryPage, TopicHistory } from './transport.js';

/** Events read per history read: a resuming stream holds at most this many at once beyond `maxQueue`. */
export const PAGE_SIZE = 128;

export interface CatchUpSource {
  readonly history: TopicHistory;
  whenConnected(): Promise<void>;
  /** The decoded message, or undefined (logged) when the text is not JSON. */
  decode(topic: string, text: string): unknown;
}

/** First wait before retrying a failed read; doubles up to a second, as the Redis reconnection does. */
const RETRY_MS = 50;
const MAX_RETRY_MS = 1000;

/** Catches `subscription` up; `firstRead` is called once the first page is in (or the subscription ended). */
export async function catchUp(
  subscription: TopicSubscription<unknown>,
  source: CatchUpSource,
  firstRead?: () => void,
): Promise<void> {
  try {
    await readUntilLive(subscription, source, firstRead);
  } finally {
    firstRead?.();
  }
}

async function readUntilLive(
  subscription: TopicSubscription<unknown>,
  source: CatchUpSource,
  firstRead: (() => void) | undefined,
): Promise<void> {
  let reported = false;
  for (;;) {
    const after = subscription.beginRead();
    const read = () => source.history.read(subscription.topic, after, PAGE_SIZE);
    const page = await whileConnected(subscription, source, read);
    if (page === undefined) return subscription.release();
    if (page.gap && !reported) {
      reported = true;
      subscription.onGap?.(after);
    }
    if (page.restart !== undefined) subscription.startAt(page.restart);
    subscription.appendHistory(decoded(subscription.topic, page, source));
    firstRead?.();
    if (page.entries.length < PAGE_SIZE && !subscription.droppedSinceRead) return subscription.release();
    await subscription.drained();
    if (subscription.isEnded) return;
  }
}

/**
 * `read()` (of the history), retried while the transport is away (a read rejects only then);
 * undefined once the subscription ended.
 */
export async function whileConnected<R>(
  subscription: TopicSubscription<unknown>,
  source: CatchUpSource,
  read: () => Promise<R>,
): Promise<R | undefined> {
  for (let wait = RETRY_MS; ; wait = Math.min(wait * 2, MAX_RETRY_MS)) {
    await source.whenConnected();
    if (subscription.isEnded) return undefined;
    try {
      return await read();
    } catch {
      if (subscription.isEnded) return undefined;
    }
    await pause(wait);
  }
}

function decoded(topic: string, page: HistoryPage, source: CatchUpSource): [string, unknown][] {
  const entries: [string, unknown][] = [];
  for (const [id, text] of page.entries) {
    const message = source.decode(topic, text);
    if (message !== undefined) entries.push([id, message]);
  }
  return entries;
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
