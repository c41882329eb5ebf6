/** `$ref` bookkeeping shared by the analyzer (model schemas) and the writer (document components). */
import { SCHEMA_REF_PREFIX, type JsonSchema } from './json-schema.js';

/**
 * Adds the component names a value refers to (anywhere inside it) to `into`. Called on whole
 * models of thousands of routes on every analysis, so it loops without allocating.
 */
export function collectRefs(value: unknown, into: Set<string>): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) collectRefs(value[i], into);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const inner = record[key];
    if (typeof inner === 'object') collectRefs(inner, into);
    else if (key === '$ref' && typeof inner === 'string' && inner.startsWith(SCHEMA_REF_PREFIX)) {
      into.add(inner.slice(SCHEMA_REF_PREFIX.length));
    }
  }
}

/** The components reachable from `roots`, following references between components; sorted by name. */
export function reachableSchemas(
  roots: unknown,
  schemas: Record<string, JsonSchema> | ((name: string) => JsonSchema | undefined),
): Record<string, JsonSchema> {
  const lookup = typeof schemas === 'function' ? schemas : (name: string) => schemas[name];
  const reached = new Set<string>();
  collectRefs(roots, reached);
  const queue = [...reached];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    const inner = new Set<string>();
    collectRefs(lookup(name), inner);
    for (const next of inner) {
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
    }
  }
  const result: Record<string, JsonSchema> = {};
  for (const name of [...reached].sort()) {
    const schema = lookup(name);
    if (schema) result[name] = schema;
  }
  return result;
}
