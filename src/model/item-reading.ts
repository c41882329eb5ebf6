/**
 * What the text of one SSE event's data or WebSocket message is, by the item type. The server
 * writes a string item as it is and any other item as JSON, so the wire alone cannot tell `"3"`
 * from `3`: only strings → `text`; never a string → `json`; both → `mixed` (JSON when the text
 * parses to a non-string, else the text). The typed client reads items by it (docs/client.md,
 * "Streams"); the 3.2 document describes an event's `data` by it.
 */
import { typesOf, type JsonSchema } from './json-schema.js';
import { unwrapSingle, type NamedSchemas } from './schema-walk.js';

export type ItemReading = 'text' | 'json' | 'mixed';

type Strings = 'only' | 'never' | 'some';

export function itemReading(schema: JsonSchema | undefined, schemas: NamedSchemas): ItemReading {
  const strings = stringsIn(schema ?? {}, schemas, 0);
  return strings === 'only' ? 'text' : strings === 'never' ? 'json' : 'mixed';
}

function stringsIn(schema: JsonSchema, schemas: NamedSchemas, depth: number): Strings {
  if (depth > 16) return 'some';
  const { schema: single, orNull } = unwrapSingle(schema, schemas);
  const own = ownStrings(single, schemas, depth);
  return own === 'only' && orNull ? 'some' : own;
}

function ownStrings(schema: JsonSchema, schemas: NamedSchemas, depth: number): Strings {
  // A Date, URL or bytes is written as a JSON string: an object in the handler, not a string item.
  if (schema.svc?.rich !== undefined) return 'never';
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (values) return combine(values.map((value) => (typeof value === 'string' ? 'only' : 'never')));
  const members = schema.oneOf ?? schema.anyOf;
  if (members) return combine(members.map((member) => stringsIn(member, schemas, depth + 1)));
  if (schema.allOf) return 'never';
  const types = typesOf(schema);
  if (types.length === 0) return schema.properties ? 'never' : 'some';
  return combine(types.map((type) => (type === 'string' ? 'only' : 'never')));
}

function combine(parts: Strings[]): Strings {
  if (parts.length > 0 && parts.every((part) => part === 'only')) return 'only';
  return parts.every((part) => part === 'never') ? 'never' : 'some';
}
