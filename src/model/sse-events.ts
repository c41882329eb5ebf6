/**
 * What an `@SSE` route's item type says beyond the schema of its data, when some of its items
 * are svc's `SseEvent<T, E>`: which data goes with which event names. The analyzer keeps it on
 * the route's item schema as the hint `svc.sseItems` (that schema itself stays the schema of the
 * data, which the runtime's serializer is compiled from); the OpenAPI 3.1/3.2 documents and the
 * typed client read it. Like every hint, it never reaches a document as it is.
 */
import type { JsonSchema } from './json-schema.js';

/** The kinds of items a route yields, in the order its item type names them. */
export interface SseItems {
  /** One per `SseEvent<T, E>` of the item type (whose `T` is not `undefined`). */
  events: SseEventKind[];
  /** The schema of the plain items beside them (sent as `data:` lines only), when there are any. */
  plain?: JsonSchema;
}

export interface SseEventKind {
  /** `T`: the event's data. */
  data: JsonSchema;
  /** The names `E` allows when it is a union of string literals; absent when any name may come (`E = string`). */
  names?: string[];
}

/** The route's SSE items, when its item type has `SseEvent`s; undefined for plain items only. */
export function sseItemsOf(schema: JsonSchema | undefined): SseItems | undefined {
  return schema?.svc?.sseItems;
}

/** The data schema with the hint beside it: a new object, since schemas are shared between routes. */
export function withSseItems(data: JsonSchema, items: SseItems): JsonSchema {
  return { ...data, svc: { ...data.svc, sseItems: items } };
}
