/** Helpers for converters that combine several schemas (unions, tuples). */
import type { JsonSchema } from '../../../model/json-schema.js';

/** The schemas without repeats, first occurrence kept (compared by their JSON text). */
export function distinctSchemas(schemas: readonly JsonSchema[]): JsonSchema[] {
  const seen = new Set<string>();
  return schemas.filter((schema) => {
    const key = JSON.stringify(schema);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `oneOf` of the distinct schemas, or the schema itself when only one is left. */
export function oneOfOrSingle(schemas: readonly JsonSchema[]): JsonSchema {
  const distinct = distinctSchemas(schemas);
  if (distinct.length === 1 && distinct[0]) return distinct[0];
  // `{}` admits everything: a union containing it is `{}`.
  if (distinct.some((s) => Object.keys(s).length === 0)) return {};
  return { oneOf: distinct };
}
