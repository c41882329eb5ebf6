/**
 * Subscriptions bound to the request that made them. A relay is naturally written
 * `yield greeting; yield* pubsub.subscribe(topic)`; when its client leaves, svc calls the
 * generator's `return()`, but a generator parked inside `yield*` would only run it once the next
 * message arrived (in a quiet topic, never), keeping the subscription open. So every subscription
 * made while serving a request is ended when that request is over (its answer complete, its
 * client gone, its WebSocket closed): the pending `next()` resolves done, `yield*` completes, and
 * the generator's `finally` runs at once.
 *
 * The request is found through an AsyncLocalStorage, entered only by apps that use PubSub (a
 * class was handed one), so an app without PubSub pays nothing for it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What a request's end does to a subscription: ends it as if the app were closing. */
export interface Finishable {
  finish(): void;
}

/** The one thing the scope needs of a request: to be told, once, when it is over. */
export interface RequestEnd {
  whenOver(callback: () => void): void;
}

export class RequestSubscriptions {
  private open: Set<Finishable> | undefined;
  private over = false;

  constructor(private readonly request: RequestEnd) {}

  /** Binds `subscription` to the request; one made after the request is over stays unbound. */
  bind(subscription: Finishable): void {
    if (this.over) return;
    if (this.open === undefined) {
      this.open = new Set();
      this.request.whenOver(this.end);
    }
    this.open.add(subscription);
  }

  /** The subscription ended on its own (its `return()`): the request no longer holds it. */
  release(subscription: Finishable): void {
    this.open?.delete(subscription);
  }

  private readonly end = (): void => {
    this.over = true;
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
