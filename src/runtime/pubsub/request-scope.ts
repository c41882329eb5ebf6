/**
 * Subscriptions bound to the request that made them. A relay is naturally written
 * `yield greeting; yield* pubsub.subscribe(topic)`; when its client leaves, svc calls the
 * generator's `return()`, but a generator parked inside `yield*` would only run it once the next
 * message arrived (in a quiet topic, never), keeping the subscription open. So every subscription
 * made while serving a request is ended when that request is over (its answer complete, its
 * client gone, its WebSocket closed): the pending `next()` resolves done, `yield*` completes, and
 * the generator's `finally` runs at once.
 *
 * The scope also makes an SSE stream resumable without any code in the handler. The request's
 * `Last-Event-ID` (a reconnecting client's; WebSocket upgrades have none to resume) gives each
 * subscription, in the order they are made, the position it starts after; the SSE writer stamps
 * every event without an id of its own with where the request's subscriptions stand
 * (`position()`), and writes an `svc-gap` event when one of them reports that events it should
 * resume with are no longer retained.
 *
 * The request is found through an AsyncLocalStorage, entered only by apps that use PubSub (a
 * class was handed one), so an app without PubSub pays nothing for it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingHttpHeaders } from 'node:http';
import { joinPositions, splitPositions } from './event-ids.js';

/** What a request's end does to a subscription: ends it as if the app were closing. */
export interface Finishable {
  finish(): void;
}

/** A subscription as the stream's id sees it: where it stands. */
export interface Positioned extends Finishable {
  readonly lastId: string | undefined;
}

/** What the scope needs of a request: its headers, whether it is an upgrade, and to be told once when it is over. */
export interface RequestEnd {
  readonly headers: IncomingHttpHeaders;
  readonly upgrade: boolean;
  whenOver(callback: () => void): void;
}

/** How the SSE writer reads a request's subscriptions (src/runtime/streams/sse.ts). */
export interface StreamPositions {
  /** The id for an event written now: where the request's subscriptions stand; undefined before any does. */
  position(): string | undefined;
  /** Receives each gap (the id after which events were lost) from now on; earlier ones at once. `undefined` detaches. */
  onGap(listener: ((lastId: string) => void) | undefined): void;
}

/** Subscriptions whose positions a stream's id holds; more would make ids longer than they are useful. */
export const MAX_POSITIONED = 16;

export class RequestSubscriptions implements StreamPositions {
  private open: Set<Finishable> | undefined;
  private over = false;
  /** The subscriptions made while serving the request, in order (up to MAX_POSITIONED): their positions make the stream's id. */
  private made: Positioned[] | undefined;
  private count = 0;
  private resumeFrom: string[] | undefined;
  private gapListener: ((lastId: string) => void) | undefined;
  private gaps: string[] = [];

  constructor(private readonly request: RequestEnd) {}

  /** Where the next subscription made in this request resumes from: its part of `Last-Event-ID`. */
  resumePoint(): string | undefined {
    if (this.count >= MAX_POSITIONED) return undefined;
    this.resumeFrom ??= this.lastEventIds();
    const part = this.resumeFrom[this.count];
    return part === '' ? undefined : part;
  }

  /** Records `subscription` as the request's next one, and binds it unless the request is over. */
  bind(subscription: Positioned): void {
    if (this.count++ < MAX_POSITIONED) (this.made ??= []).push(subscription);
    if (this.over) return;
    if (this.open === undefined) {
      this.open = new Set();
      this.request.whenOver(this.end);
    }
    this.open.add(subscription);
  }

  position(): string | undefined {
    const made = this.made;
    if (made === undefined) return undefined;
    if (made.length === 1) return (made[0] as Positioned).lastId;
    return joinPositions(made.map((subscription) => subscription.lastId));
  }

  /** A subscription of the request lost events after `lastId`: the stream says so. */
  readonly gap = (lastId: string): void => {
    if (this.gapListener !== undefined) this.gapListener(lastId);
    else if (!this.over) this.gaps.push(lastId);
  };

  onGap(listener: ((lastId: string) => void) | undefined): void {
    this.gapListener = listener;
    if (listener === undefined) return;
    for (const lastId of this.gaps.splice(0)) listener(lastId);
  }

  /** The subscription ended on its own (its `return()`): the request no longer holds it. */
  release(subscription: Finishable): void {
    this.open?.delete(subscription);
  }

  /** The positions a reconnecting client sent; none on a WebSocket upgrade (it does not resume). */
  private lastEventIds(): string[] {
    const header = this.request.upgrade ? undefined : this.request.headers['last-event-id'];
    return typeof header === 'string' && header !== '' ? splitPositions(header) : [];
  }

  private readonly end = (): void => {
    this.over = true;
    this.gaps = [];
    const open = this.open;
    this.open = undefined;
    if (open !== undefined) for (const subscription of open) subscription.finish();
  };
}

let storage: AsyncLocalStorage<RequestSubscriptions> | undefined;

/** The subscriptions of the request being served here, if PubSub is bound to requests. */
export function currentRequestSubscriptions(): RequestSubscriptions | undefined {
  return storage?.getStore();
}

/**
 * `handle`, serving each request inside its own subscription scope. Also gives the function that
 * runs later work (a WebSocket session, started after the upgrade) in the same scope.
 */
export function bindSubscriptionsToRequests<E extends RequestEnd, R>(handle: (ex: E) => R): (ex: E) => R {
  const requests = (storage ??= new AsyncLocalStorage());
  return (ex) => requests.run(new RequestSubscriptions(ex), handle, ex);
}

/**
 * Work that belongs to the request being served but starts later from elsewhere (the WebSocket
 * session, started by the upgrade): runs `work` in this request's scope. Undefined outside one.
 */
export function requestScopeRunner(): (<R>(work: () => R) => R) | undefined {
  const scope = storage?.getStore();
  if (scope === undefined) return undefined;
  const requests = storage as AsyncLocalStorage<RequestSubscriptions>;
  return (work) => requests.run(scope, work);
}
