/** Schemas as the document shows them: without svc's runtime-only `x-svc-*` hints. */
import type { JsonSchema } from '../model/json-schema.js';
import { mapChildSchemas, someSubSchema } from '../model/schema-walk.js';

const SVC_HINT_PREFIX = 'x-svc-';

/** How a schema of the model becomes a schema of a document: `publicSchema` for 3.0.3. */
export type SchemaWriter = (schema: JsonSchema) => JsonSchema;

/**
 * The schema with every `x-svc-*` key removed, at every level: the schema itself when it has
 * none (most have none, and the writers never change a document), else a copy.
 */
export function publicSchema(schema: JsonSchema): JsonSchema {
  return someSubSchema(schema, hasSvcHint) ? withoutHints(schema) : schema;
}

function hasSvcHint(schema: JsonSchema): boolean {
  return Object.keys(schema).some((key) => key.startsWith(SVC_HINT_PREFIX));
}

function withoutHints(schema: JsonSchema): JsonSchema {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(mapChildSchemas(schema, withoutHints)))
    if (!key.startsWith(SVC_HINT_PREFIX)) result[key] = value;
  return result as JsonSchema;
}
