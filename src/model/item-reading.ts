/**
 * What the text of one SSE event's data or WebSocket message is, by the item type. The server
 * writes a string item as it is and any other item as JSON, so the wire alone cannot tell `"3"`
 * from `3`: only strings → `text`; never a string → `json`; both → `mixed` (JSON when the text
 * parses to a non-string, else the text). The typed client reads items by it (docs/client.md,
 * "Streams"); the 3.2 document describes an event's `data` by it.
 */
import type { JsonSchema } from './json-schema.js';
import { resolveRef, type NamedSchemas } from './schema-walk.js';

export type ItemReading = 'text' | 'json' | 'mixed';

type Strings = 'only' | 'never' | 'some';

export function itemReading(schema: JsonSchema | undefined, schemas: NamedSchemas): ItemReading {
  const strings = stringsIn(schema ?? {}, schemas, 0);
  return strings === 'only' ? 'text' : strings === 'never' ? 'json' : 'mixed';
}

function stringsIn(schema: JsonSchema, schemas: NamedSchemas, depth: number): Strings {
  const resolved = resolveRef(schema, schemas);
  if (depth > 16) return 'some';
  const own = ownStrings(resolved, schemas, depth);
  return own === 'only' && (schema.nullable === true || resolved.nullable === true) ? 'some' : own;
}

function ownStrings(schema: JsonSchema, schemas: NamedSchemas, depth: number): Strings {
  // A Date, URL or bytes is written as a JSON string: an object in the handler, not a string item.
  if (schema['x-svc-type'] !== undefined) return 'never';
  if (schema.enum) return combine(schema.enum.map((value) => (typeof value === 'string' ? 'only' : 'never')));
  const members = schema.oneOf ?? schema.anyOf ?? (schema.allOf?.length === 1 ? schema.allOf : undefined);
  if (members) return combine(members.map((member) => stringsIn(member, schemas, depth + 1)));
  if (schema.allOf) return 'never';
  if (schema.type === undefined) return schema.properties ? 'never' : 'some';
  return schema.type === 'string' ? 'only' : 'never';
}

function combine(parts: Strings[]): Strings {
  if (parts.length > 0 && parts.every((part) => part === 'only')) return 'only';
  return parts.every((part) => part === 'never') ? 'never' : 'some';
}
