/**
 * The `itemSchema` of an SSE answer (the 3.2 document writes it; 3.0.3 and 3.1 cannot say items
 * and write `schema: {type: string}`). OpenAPI 3.2 ("Special Considerations for
 * Server-Sent Events") applies it to each event as a browser parses it: an object whose `data` is
 * the text of the data lines, with `event`, `id` and `retry` when sent. So an item is described as
 * that object, its `data` as the text the server writes: a string item as it is, anything else as
 * JSON (`contentMediaType` and `contentSchema`). `SseEvent` items add their fields, each kind of
 * data tied to its event names.
 */
import { itemReading } from '../model/item-reading.js';
import type { JsonSchema } from '../model/json-schema.js';
import type { NamedSchemas } from '../model/schema-walk.js';
import { sseItemsOf, type SseItems } from '../model/sse-events.js';
import { publicSchema } from './schemas.js';

/** One kind of event: its data, and the names it comes under (undefined: any or none). */
interface EventShape {
  data: JsonSchema;
  names?: string[];
}

/** The fields an `SseEvent` may carry besides `data` and `event`, as the OpenAPI spec's generic event schema says them. */
function otherFields(): Record<string, JsonSchema> {
  return { id: { type: 'string' }, retry: { type: 'integer', minimum: 0 } };
}

export function sseItemSchema(schema: JsonSchema | undefined, schemas: NamedSchemas): JsonSchema {
  const items = sseItemsOf(schema);
  if (!items)
    return { type: 'object', required: ['data'], properties: { data: dataSchema(schema ?? {}, schemas) } };
  const shapes = eventShapes(items);
  const named = shapes.every((shape) => shape.names !== undefined);
  const only = shapes.length === 1 ? shapes[0] : undefined;
  const names = named ? shapes.flatMap((shape) => shape.names ?? []) : undefined;
  const result: JsonSchema = {
    type: 'object',
    required: named ? ['data', 'event'] : ['data'],
    properties: {
      data: only ? dataSchema(only.data, schemas) : { type: 'string' },
      event: { type: 'string', ...(names && nameKeyword([...new Set(names)])) },
      ...otherFields(),
    },
  };
  if (!only) result[disjoint(shapes) ? 'oneOf' : 'anyOf'] = branches(shapes, schemas);
  return result;
}

/** One branch per kind of event, each said once (`string | SseEvent<string>` has two kinds alike). */
function branches(shapes: EventShape[], schemas: NamedSchemas): JsonSchema[] {
  const seen = new Map<string, JsonSchema>();
  for (const shape of shapes) {
    const schema = branch(shape, schemas);
    seen.set(JSON.stringify(schema), schema);
  }
  return [...seen.values()];
}

/** The events, then the plain items, which come without a name. */
function eventShapes(items: SseItems): EventShape[] {
  const shapes: EventShape[] = [...items.events];
  if (items.plain) shapes.push({ data: items.plain });
  return shapes;
}

/** One kind of event among several: its names and its data. */
function branch(shape: EventShape, schemas: NamedSchemas): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  if (shape.names) properties.event = nameKeyword(shape.names);
  properties.data = dataSchema(shape.data, schemas);
  return { properties };
}

/** Exactly one branch fits any event: every kind is named, and no name is shared. */
function disjoint(shapes: EventShape[]): boolean {
  const names = shapes.flatMap((shape) => shape.names ?? []);
  return shapes.every((shape) => shape.names !== undefined) && new Set(names).size === names.length;
}

function nameKeyword(names: string[]): JsonSchema {
  const [only] = names;
  return names.length === 1 && only !== undefined ? { const: only } : { enum: names };
}

/** The data lines' text: the item itself for string items, its JSON for others, either for both. */
function dataSchema(data: JsonSchema, schemas: NamedSchemas): JsonSchema {
  if (Object.keys(data).length === 0) return { type: 'string' };
  const item = publicSchema(data);
  const json: JsonSchema = { type: 'string', contentMediaType: 'application/json', contentSchema: item };
  const reading = itemReading(data, schemas);
  if (reading === 'text') return item;
  return reading === 'json' ? json : { anyOf: [item, json] };
}
