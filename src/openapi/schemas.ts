/**
 * Model schemas as every document shows them: svc's hints (the `svc` record) dropped at every
 * level; a TypeScript enum's member names, which only the hints hold, written as the two
 * extensions code generators read (`x-enum-varnames`: openapi-generator; `x-enumNames`: NSwag).
 */
import type { JsonSchema } from '../model/json-schema.js';
import { mapChildSchemas, someSubSchema } from '../model/schema-walk.js';

/** How a schema of the model becomes a schema of a document. */
export type SchemaWriter = (schema: JsonSchema) => JsonSchema;

/**
 * The schema without hints: the schema itself when it has none (most have none, and the writers
 * never change the model), else a copy.
 */
export function publicSchema(schema: JsonSchema): JsonSchema {
  return someSubSchema(schema, hasHints) ? withoutHints(schema) : schema;
}

function hasHints(schema: JsonSchema): boolean {
  return schema.svc !== undefined;
}

/** The `svc` key gives way, in its place, to the enum names when it holds them. */
function withoutHints(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(mapChildSchemas(schema, publicSchema))) {
    if (key !== 'svc') out[key as 'description'] = value as string;
    else if (schema.svc?.enumNames) {
      out['x-enum-varnames'] = [...schema.svc.enumNames];
      out['x-enumNames'] = [...schema.svc.enumNames];
    }
  }
  return out;
}
