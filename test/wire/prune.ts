/**
 * The reference the compiled serializer is held to: a value pruned to its schema (declared keys
 * only, in declared order; rich values in their wire form), then `JSON.stringify`. Written
 * independently of src/runtime/serialize/: a union member is chosen by a full recursive check of
 * the value against each member (conforms), not by the serializer's shallow shape test.
 */
import type { JsonSchema } from '../../src/model/json-schema.js';
import { mainType, refName } from '../../src/model/json-schema.js';
import { splitNull } from '../../src/model/null-schema.js';
import type { Schemas } from './corpus.js';

/** A bigint's digits cannot pass through JSON.stringify: they travel as a marked string. */
const BIG = '\u0000big:';

export function expectedJson(value: unknown, schema: JsonSchema, schemas: Schemas): string {
  const text = JSON.stringify(prune(value, schema, schemas)) ?? 'null';
  return text.replace(/"\\u0000big:(-?\d+)"/g, '$1');
}

/** The named schema a `$ref` points at, its "or null" left aside (a null is never pruned). */
function resolve(input: JsonSchema, schemas: Schemas): JsonSchema {
  const schema = splitNull(input).schema;
  const name = refName(schema);
  return name === undefined ? schema : resolve(schemas[name] ?? {}, schemas);
}

/** Whether the schema (a reference followed, and followed again) admits `null`. */
function admitsNull(input: JsonSchema, schemas: Schemas): boolean {
  const { schema, orNull } = splitNull(input);
  if (orNull || schema.type === 'null' || (schema.enum?.includes(null) ?? false)) return true;
  const name = refName(schema);
  return name !== undefined && admitsNull(schemas[name] ?? {}, schemas);
}

/** The schema of a tuple's element at `index`, or of any array's. */
function itemAt(schema: JsonSchema, index: number): JsonSchema {
  const item = schema.prefixItems?.[index] ?? schema.items;
  return item === undefined || item === false ? {} : item;
}

export function prune(value: unknown, input: JsonSchema, schemas: Schemas): unknown {
  const schema = resolve(input, schemas);
  if (value === undefined || value === null) return value;
  if (schema.allOf?.length === 1) return prune(value, schema.allOf[0] as JsonSchema, schemas);
  if (schema.allOf) return pruneObject(value, mergedObject(schema.allOf, schemas), schemas);
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return pruneUnion(value, schema, union, schemas);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof URL) return value.href;
  if (typeof value === 'bigint') return BIG + value.toString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value instanceof Set) return prune([...value], schema, schemas);
  if (Array.isArray(value)) return value.map((item, index) => prune(item, itemAt(schema, index), schemas));
  if (value instanceof Map) return pruneObject(Object.fromEntries(value), schema, schemas);
  if (typeof value === 'object') return pruneObject(value, schema, schemas);
  return value;
}

function pruneUnion(value: unknown, schema: JsonSchema, members: JsonSchema[], schemas: Schemas): unknown {
  const tag = schema.discriminator?.propertyName;
  const chosen = members.find((member) => {
    if (tag === undefined) return conforms(value, member, schemas);
    const property = resolve(member, schemas).properties?.[tag];
    const allowed = property?.enum ?? (property?.const === undefined ? [] : [property.const]);
    return (allowed as unknown[]).includes((value as Record<string, unknown>)[tag]);
  });
  return prune(value, chosen ?? {}, schemas);
}

function pruneObject(value: object, schema: JsonSchema, schemas: Schemas): unknown {
  const source = value as Record<string, unknown>;
  const properties = schema.properties;
  const extra = schema.additionalProperties;
  const out: Record<string, unknown> = {};
  if (properties === undefined && (extra === undefined || extra === true)) return value;
  if (extra !== undefined && extra !== false) {
    for (const [key, item] of Object.entries(source))
      out[key] = prune(item, properties?.[key] ?? (extra === true ? {} : extra), schemas);
    return out;
  }
  for (const [key, child] of Object.entries(properties ?? {}))
    if (source[key] !== undefined) out[key] = prune(source[key], child, schemas);
  return out;
}

function mergedObject(members: JsonSchema[], schemas: Schemas): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  let open = false;
  for (const member of members) {
    const resolved = resolve(member, schemas);
    const inner = resolved.allOf ? mergedObject(resolved.allOf, schemas) : resolved;
    if (inner.properties === undefined || (inner.additionalProperties ?? false) !== false) open = true;
    for (const [key, child] of Object.entries(inner.properties ?? {})) properties[key] ??= child;
  }
  return open ? {} : { type: 'object', properties };
}

/** Whether the value is of the schema's type, all the way down (constraints aside). */
export function conforms(value: unknown, input: JsonSchema, schemas: Schemas, depth = 0): boolean {
  const schema = resolve(input, schemas);
  if (depth > 12) return true;
  if (value === null) return admitsNull(input, schemas);
  if (schema.enum) return (schema.enum as unknown[]).includes(value);
  if (schema.const !== undefined) return schema.const === value;
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return union.some((member) => conforms(value, member, schemas, depth + 1));
  if (schema.allOf) return schema.allOf.every((member) => conforms(value, member, schemas, depth + 1));
  switch (schema.svc?.rich) {
    case 'bytes':
      return value instanceof Uint8Array;
    case 'Date':
      return value instanceof Date;
    case 'URL':
      return value instanceof URL;
    case 'bigint':
      return typeof value === 'bigint';
    case 'Set':
      return (
        value instanceof Set &&
        [...value].every((item, index) => conforms(item, itemAt(schema, index), schemas, depth + 1))
      );
    case 'Map':
      return value instanceof Map;
    default:
      return conformsPlain(value, schema, schemas, depth);
  }
}

function conformsPlain(value: unknown, schema: JsonSchema, schemas: Schemas, depth: number): boolean {
  switch (mainType(schema)) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return (
        Array.isArray(value) && conformsTuple(value, schema) && conformsItems(value, schema, schemas, depth)
      );
    default:
      break;
  }
  if (mainType(schema) !== 'object' && schema.properties === undefined) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const source = value as Record<string, unknown>;
  if ((schema.required ?? []).some((key) => source[key] === undefined)) return false;
  return Object.entries(schema.properties ?? {}).every(
    ([key, child]) => source[key] === undefined || conforms(source[key], child, schemas, depth + 1),
  );
}

/** A closed tuple (`items: false`) holds no element past its positions. */
function conformsTuple(value: unknown[], schema: JsonSchema): boolean {
  return schema.items !== false || value.length <= (schema.prefixItems?.length ?? 0);
}

function conformsItems(value: unknown[], schema: JsonSchema, schemas: Schemas, depth: number): boolean {
  return value.every((item, index) => conforms(item, itemAt(schema, index), schemas, depth + 1));
}
