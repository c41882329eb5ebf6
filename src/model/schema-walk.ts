/**
 * The one walk over a JSON schema's sub-schemas. Every reader that needs "each nested schema"
 * (the validator, revive, the serializer choice, each document writer) goes through here, so
 * a keyword that holds schemas is listed once.
 */
import { refName, type JsonSchema } from './json-schema.js';
import { splitNull } from './null-schema.js';

export type NamedSchemas = Readonly<Record<string, JsonSchema>>;

/** Keywords whose value is one schema (`items` may also be `false`, `additionalProperties` a boolean). */
const SINGLE_SCHEMA_KEYWORDS = ['items', 'not', 'propertyNames', 'contentSchema'] as const;
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = ['prefixItems', 'allOf', 'oneOf', 'anyOf'] as const;

/**
 * Every directly nested schema: properties, additionalProperties, items, prefixItems,
 * propertyNames, contentSchema, not, allOf/oneOf/anyOf. (svc's hints are not schema keywords.)
 */
export function childSchemas(schema: JsonSchema): JsonSchema[] {
  const children: JsonSchema[] = [];
  if (schema.properties) children.push(...Object.values(schema.properties));
  if (typeof schema.additionalProperties === 'object') children.push(schema.additionalProperties);
  for (const keyword of SINGLE_SCHEMA_KEYWORDS) {
    const child = schema[keyword];
    if (typeof child === 'object') children.push(child);
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const list = schema[keyword];
    if (list) children.push(...list);
  }
  return children;
}

/**
 * The same schema with every direct sub-schema replaced by `map(child)`; other keywords are
 * copied as they are. For writers that rebuild a schema (the ajv form, the public document form).
 */
export function mapChildSchemas(schema: JsonSchema, map: (child: JsonSchema) => JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    const properties: Record<string, JsonSchema> = {};
    for (const [name, child] of Object.entries(schema.properties)) properties[name] = map(child);
    out.properties = properties;
  }
  if (typeof schema.additionalProperties === 'object')
    out.additionalProperties = map(schema.additionalProperties);
  for (const keyword of SINGLE_SCHEMA_KEYWORDS) {
    const child = schema[keyword];
    if (typeof child === 'object') out[keyword] = map(child);
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const list = schema[keyword];
    if (list) out[keyword] = list.map(map);
  }
  return out;
}

export interface WalkOptions {
  /** Follow `$ref`s into these named schemas (each name visited once, so cycles end). */
  schemas?: NamedSchemas;
  /** What an unknown `$ref` answers (default false: nothing is known about it). */
  unknownRef?: boolean;
}

/**
 * Whether `test` holds for `schema` or any schema nested in it, depth first, stopping at the
 * first hit. With `options.schemas`, references are followed (each named schema once).
 */
export function someSubSchema(
  schema: JsonSchema,
  test: (schema: JsonSchema) => boolean,
  options: WalkOptions = {},
): boolean {
  const seen = new Set<string>();
  const visit = (current: JsonSchema): boolean => {
    const name = options.schemas ? refName(current) : undefined;
    if (name !== undefined && options.schemas) {
      if (seen.has(name)) return false;
      seen.add(name);
      const target = options.schemas[name];
      return target === undefined ? (options.unknownRef ?? false) : visit(target);
    }
    return test(current) || childSchemas(current).some(visit);
  };
  return visit(schema);
}

/** Follows `$ref` chains; an unknown reference resolves to `{}` (anything goes). */
export function resolveRef(schema: JsonSchema, schemas: NamedSchemas): JsonSchema {
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
 * The schema a single value is checked against, plus whether `null` is allowed: follows `$ref`s
 * (the keywords beside a `$ref` kept over its target's), drops the "or null" (src/model/null-schema.ts)
 * and unwraps a lone `allOf` member, keeping the outer keywords.
 */
export function unwrapSingle(
  schema: JsonSchema,
  schemas: NamedSchemas,
): { schema: JsonSchema; orNull: boolean } {
  let orNull = false;
  let current = schema;
  for (let hops = 0; hops < 32; hops++) {
    const split = splitNull(current);
    orNull ||= split.orNull;
    current = split.schema;
    if (current.$ref !== undefined) {
      const { $ref: _ref, ...outer } = current;
      const name = refName(current);
      current = { ...((name !== undefined && schemas[name]) || {}), ...outer };
    } else if (current.allOf?.length === 1 && current.allOf[0] !== undefined) {
      const { allOf: _allOf, ...outer } = current;
      current = { ...current.allOf[0], ...outer };
    } else break;
  }
  return { schema: current, orNull };
}
