/**
 * Picks a route's JSON serializer once, at start-up, from its return schema: the engine's
 * JSON.stringify unless the schema may hold a Map, Set or bigint (or says nothing).
 */
import type { JsonSchema } from '../../model/json-schema.js';
import { refName } from '../../model/json-schema.js';
import { stringifyFast, stringifyRich } from './json.js';
import type { Serializer } from './send.js';

const RICH_TYPES = new Set(['Map', 'Set', 'bigint']);

export function chooseSerializer(
  schema: JsonSchema | undefined,
  schemas: Record<string, JsonSchema>,
): Serializer {
  return schema === undefined || mayHoldRichValues(schema, schemas, new Set())
    ? stringifyRich
    : stringifyFast;
}

function mayHoldRichValues(
  schema: JsonSchema,
  schemas: Record<string, JsonSchema>,
  seen: Set<string>,
): boolean {
  const name = refName(schema);
  if (name !== undefined) {
    if (seen.has(name)) return false;
    seen.add(name);
    const target = schemas[name];
    return target === undefined || mayHoldRichValues(target, schemas, seen);
  }
  const xType = schema['x-svc-type'];
  if (typeof xType === 'string' && RICH_TYPES.has(xType)) return true;
  if (isOpen(schema)) return true;
  return children(schema).some((child) => mayHoldRichValues(child, schemas, seen));
}

/** `{}` (unknown, any) or an object with free-form values: anything may be inside. */
function isOpen(schema: JsonSchema): boolean {
  if (schema.additionalProperties === true) return true;
  return (
    schema.type === undefined &&
    schema.$ref === undefined &&
    schema.enum === undefined &&
    schema.oneOf === undefined &&
    schema.anyOf === undefined &&
    schema.allOf === undefined
  );
}

function children(schema: JsonSchema): JsonSchema[] {
  const list: JsonSchema[] = [];
  if (schema.items) list.push(schema.items);
  if (schema.properties) list.push(...Object.values(schema.properties));
  if (typeof schema.additionalProperties === 'object') list.push(schema.additionalProperties);
  for (const group of [schema.oneOf, schema.anyOf, schema.allOf]) if (group) list.push(...group);
  return list;
}
