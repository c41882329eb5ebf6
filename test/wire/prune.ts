/**
 * The reference the compiled serializer is held to: a value pruned to its schema (declared keys
 * only, in declared order; rich values in their wire form), then `JSON.stringify`. Written
 * independently of src/runtime/serialize/: a union member is chosen by a full recursive check of
 * the value against each member (conforms), not by the serializer's shallow shape test.
 */
import type { JsonSchema } from '../../src/model/json-schema.js';
import { refName } from '../../src/model/json-schema.js';
import type { Schemas } from './corpus.js';

/** A bigint's digits cannot pass through JSON.stringify: they travel as a marked string. */
const BIG = '\u0000big:';

export function expectedJson(value: unknown, schema: JsonSchema, schemas: Schemas): string {
  const text = JSON.stringify(prune(value, schema, schemas)) ?? 'null';
  return text.replace(/"\\u0000big:(-?\d+)"/g, '$1');
}

function resolve(schema: JsonSchema, schemas: Schemas): JsonSchema {
  const name = refName(schema);
  return name === undefined ? schema : resolve(schemas[name] ?? {}, schemas);
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
  if (Array.isArray(value)) return value.map((item) => prune(item, schema.items ?? {}, schemas));
  if (value instanceof Map) return pruneObject(Object.fromEntries(value), schema, schemas);
  if (typeof value === 'object') return pruneObject(value, schema, schemas);
  return value;
}

function pruneUnion(value: unknown, schema: JsonSchema, members: JsonSchema[], schemas: Schemas): unknown {
  const tag = schema.discriminator?.propertyName;
  const chosen = members.find((member) => {
    if (tag === undefined) return conforms(value, member, schemas);
    const allowed = resolve(member, schemas).properties?.[tag]?.enum ?? [];
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
  if (value === null) return schema.nullable === true || (schema.enum?.includes(null) ?? false);
  if (schema.enum) return (schema.enum as unknown[]).includes(value);
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return union.some((member) => conforms(value, member, schemas, depth + 1));
  if (schema.allOf) return schema.allOf.every((member) => conforms(value, member, schemas, depth + 1));
  switch (schema['x-svc-type']) {
    case 'Date':
      return value instanceof Date;
    case 'URL':
      return value instanceof URL;
    case 'bigint':
      return typeof value === 'bigint';
    case 'Set':
      return (
        value instanceof Set &&
        [...value].every((item) => conforms(item, schema.items ?? {}, schemas, depth + 1))
      );
    case 'Map':
      return value instanceof Map;
    default:
      return conformsPlain(value, schema, schemas, depth);
  }
}

function conformsPlain(value: unknown, schema: JsonSchema, schemas: Schemas, depth: number): boolean {
  switch (schema.type) {
    case 'string':
      return schema.format === 'byte' ? value instanceof Uint8Array : typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return (
        Array.isArray(value) && value.every((item) => conforms(item, schema.items ?? {}, schemas, depth + 1))
      );
    default:
      break;
  }
  if (schema.type !== 'object' && schema.properties === undefined) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const source = value as Record<string, unknown>;
  if ((schema.required ?? []).some((key) => source[key] === undefined)) return false;
  return Object.entries(schema.properties ?? {}).every(
    ([key, child]) => source[key] === undefined || conforms(source[key], child, schemas, depth + 1),
  );
}
