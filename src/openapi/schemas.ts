/** Schemas as the document shows them: without svc's runtime-only `x-svc-*` hints. */
import type { JsonSchema } from '../model/json-schema.js';

const SCHEMA_LISTS = ['allOf', 'oneOf', 'anyOf'] as const;

/**
 * The schema with every `x-svc-*` key removed, at every level: the schema itself when it has
 * none (most have none, and the writers never change a document), else a copy.
 */
export function publicSchema(schema: JsonSchema): JsonSchema {
  return hasSvcHints(schema) ? withoutHints(schema) : schema;
}

function hasSvcHints(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(hasSvcHints);
  for (const key in value) {
    if (key.startsWith('x-svc-') || hasSvcHints((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

function withoutHints(schema: JsonSchema): JsonSchema {
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
      Object.entries(value).map(([name, inner]) => [name, withoutHints(inner as JsonSchema)]),
    );
  }
  if ((key === 'items' || key === 'not' || key === 'additionalProperties') && isObject(value)) {
    return withoutHints(value as JsonSchema);
  }
  if ((SCHEMA_LISTS as readonly string[]).includes(key) && Array.isArray(value)) {
    return value.map((inner) => withoutHints(inner as JsonSchema));
  }
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
