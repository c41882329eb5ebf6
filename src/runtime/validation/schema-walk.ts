/**
 * Compile-time helpers over OpenAPI schema objects: following `$ref`s into the named schemas,
 * seeing through the `allOf: [$ref] + nullable` wrapper the analyzer writes for `T | null`, and
 * asking whether a schema holds any rich type (`x-svc-type`) that needs reviving.
 */
import { refName, type JsonSchema } from '../../model/json-schema.js';

export type Schemas = Record<string, JsonSchema>;

/** The rich JavaScript types the analyzer marks with `x-svc-type`. */
export type RichType = 'Date' | 'bigint' | 'Set' | 'Map' | 'URL';

const RICH_TYPES: ReadonlySet<string> = new Set(['Date', 'bigint', 'Set', 'Map', 'URL']);

export function richTypeOf(schema: JsonSchema): RichType | undefined {
  const mark = schema['x-svc-type'];
  return typeof mark === 'string' && RICH_TYPES.has(mark) ? (mark as RichType) : undefined;
}

/** Follows `$ref` chains; an unknown reference resolves to `{}` (anything goes). */
export function resolveRef(schema: JsonSchema, schemas: Schemas): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref !== undefined && hops < 32; hops++) {
    const name = refName(current);
    const target = name === undefined ? undefined : schemas[name];
    if (target === undefined) return {};
    current = target;
  }
  return current;
}

/**
 * The schema a scalar value is checked against, plus whether `null` is allowed: resolves refs
 * and unwraps a lone `allOf` member (`T | null` on a named type), keeping the outer constraints.
 */
export function unwrapScalar(
  schema: JsonSchema,
  schemas: Schemas,
): { schema: JsonSchema; nullable: boolean } {
  let nullable = schema.nullable === true;
  let current = resolveRef(schema, schemas);
  nullable ||= current.nullable === true;
  while (current.allOf?.length === 1 && current.allOf[0] !== undefined) {
    const { allOf: _allOf, nullable: _nullable, ...outer } = current;
    const inner = resolveRef(current.allOf[0], schemas);
    nullable ||= inner.nullable === true;
    current = { ...inner, ...outer };
  }
  return { schema: current, nullable };
}

/** True when some value under `schema` (following refs, cycle-safe) is a rich type. */
export function hasRichTypes(schema: JsonSchema, schemas: Schemas, seen = new Set<string>()): boolean {
  if (richTypeOf(schema) !== undefined) return true;
  const name = refName(schema);
  if (name !== undefined) {
    if (seen.has(name)) return false;
    seen.add(name);
    const target = schemas[name];
    return target !== undefined && hasRichTypes(target, schemas, seen);
  }
  return childSchemas(schema).some((child) => hasRichTypes(child, schemas, seen));
}

/** Every directly nested schema (properties, items, combinators, additionalProperties). */
export function childSchemas(schema: JsonSchema): JsonSchema[] {
  const children: JsonSchema[] = [];
  if (schema.properties) children.push(...Object.values(schema.properties));
  if (schema.items) children.push(schema.items);
  if (typeof schema.additionalProperties === 'object') children.push(schema.additionalProperties);
  for (const list of [schema.oneOf, schema.anyOf, schema.allOf]) if (list) children.push(...list);
  if (schema.not) children.push(schema.not);
  return children;
}

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
