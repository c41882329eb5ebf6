/** Schemas as the document shows them: without svc's runtime-only `x-svc-*` hints. */
import type { JsonSchema } from '../model/json-schema.js';

const SCHEMA_LISTS = ['allOf', 'oneOf', 'anyOf'] as const;

/** A copy of the schema with every `x-svc-*` key removed, at every level. */
export function publicSchema(schema: JsonSchema): JsonSchema {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-svc-')) continue;
    result[key] = publicValue(key, value);
  }
  return result as JsonSchema;
}

function publicValue(key: string, value: unknown): unknown {
  if (key === 'properties' && isObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [name, publicSchema(inner as JsonSchema)]),
    );
  }
  if ((key === 'items' || key === 'not' || key === 'additionalProperties') && isObject(value)) {
    return publicSchema(value as JsonSchema);
  }
  if ((SCHEMA_LISTS as readonly string[]).includes(key) && Array.isArray(value)) {
    return value.map((inner) => publicSchema(inner as JsonSchema));
  }
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
