/**
 * Validation's helpers over schemas. The walk itself (sub-schemas, `$ref`s, the `T | null`
 * wrapper) lives in src/model/schema-walk.ts and the rich-type list in src/model/rich-types.ts;
 * this module adds what only the validator needs.
 */
import { refName, type JsonSchema } from '../../model/json-schema.js';
import type { NamedSchemas } from '../../model/schema-walk.js';

export type Schemas = NamedSchemas;

/** A short human name for a schema, used in union error messages ("a string", "Cat"). */
export function describeSchema(schema: JsonSchema, schemas: Schemas): string {
  const name = refName(schema);
  if (name !== undefined) return name;
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(', ');
  if (schema.allOf?.length === 1 && schema.allOf[0]) return describeSchema(schema.allOf[0], schemas);
  return schema.type ? withArticle(schema.type) : 'a value';
}

export function withArticle(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
