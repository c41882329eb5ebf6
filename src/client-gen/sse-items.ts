/**
 * Routes whose items are svc's `SseEvent`s (src/model/sse-events.ts): the client yields each
 * event as `SseMessage<T, E>` (`{ data, event, id }`), a union discriminated by the event's
 * name, and reads each event's data by the type that goes with its name (docs/client.md, "Streams").
 */
import type { JsonSchema } from '../model/json-schema.js';
import { itemReading, type ItemReading } from '../model/item-reading.js';
import type { NamedSchemas } from '../model/schema-walk.js';
import { sseItemsOf } from '../model/sse-events.js';
import { typeOf, type TypeNamer } from './types.js';

/** `SseMessage<Price, "price"> | SseMessage<string, "message">`, or undefined for a route of plain items. */
export function sseMessageType(schema: JsonSchema | undefined, name: TypeNamer): string | undefined {
  const items = sseItemsOf(schema);
  if (!items) return undefined;
  const members = items.events.map((kind) => {
    const names = kind.names?.map((event) => JSON.stringify(event)).join(' | ');
    return `SseMessage<${typeOf(kind.data, name)}${names ? `, ${names}` : ''}>`;
  });
  // Plain items come without a name: a browser dispatches them as 'message'.
  if (items.plain) members.push(`SseMessage<${typeOf(items.plain, name)}, "message">`);
  return members.length > 0 ? members.join(' | ') : 'never';
}

/**
 * How the data of each named event is read, and of any other event (`items`): those without a
 * known name, else, should a name come that the type does not hold, as any of the route's data.
 */
export function sseReadings(
  schema: JsonSchema | undefined,
  schemas: NamedSchemas,
): { items: ItemReading; events: [string, ItemReading][] } | undefined {
  const items = sseItemsOf(schema);
  if (!items) return undefined;
  const byName = new Map<string, JsonSchema[]>();
  const unnamed: JsonSchema[] = items.plain ? [items.plain] : [];
  for (const kind of items.events) {
    if (!kind.names) unnamed.push(kind.data);
    for (const event of kind.names ?? []) byName.set(event, [...(byName.get(event) ?? []), kind.data]);
  }
  const reading = (members: JsonSchema[]): ItemReading => itemReading(anyOf(members), schemas);
  return {
    items: unnamed.length > 0 ? reading(unnamed) : itemReading(schema, schemas),
    events: [...byName].map(([event, data]) => [event, reading(data)]),
  };
}

function anyOf(members: JsonSchema[]): JsonSchema {
  return members.length === 1 ? (members[0] as JsonSchema) : { anyOf: members };
}
