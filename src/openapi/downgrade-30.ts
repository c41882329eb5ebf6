/**
 * The one step from a document schema (JSON Schema 2020-12, ./schemas.ts) to OpenAPI 3.0.3's
 * Schema Object, for `swagger.json` (docs/openapi.md, "Three documents"). The only code that
 * writes `nullable`. Each keyword 3.0.3 lacks is said its way, in the place it had:
 * - "or null" (read with `splitNull`): one `type` + `nullable: true` (an `enum` keeps its `null`);
 *   a union keeps its members and gains the null schema; `null` alone is that null schema.
 * - `const` → `enum: [value]`; a numeric `exclusiveMinimum` → `minimum` + `exclusiveMinimum: true`.
 * - a `$ref` with siblings → `allOf: [{$ref}]` beside them (3.0.3 ignores a `$ref`'s siblings).
 * - a tuple → `items` (the union of its elements), `minItems`/`maxItems`, the positions as `x-prefixItems`.
 * - `propertyNames` → `x-propertyNames`; base64 → `format: byte`; a string of bytes (octet-stream,
 *   `image/png`: any media type but text, JSON and XML) → `format: binary`.
 * - other `contentMediaType`s and `contentSchema` are left out (3.0.3 has no word for them).
 */
import { typesOf, type JsonSchema, type JsonType } from '../model/json-schema.js';
import { splitNull } from '../model/null-schema.js';
import { mapChildSchemas, someSubSchema } from '../model/schema-walk.js';
import { unionOf, type ComponentLookup } from '../model/schema-union.js';
import type { Schema30 } from './types.js';

/**
 * `null` and nothing else in 3.0.3: it has no null type, `nullable` needs a `type` beside it
 * (Redocly's `nullable-type-sibling`), and `enum: [null]` keeps the string out.
 */
export function nullSchema30(): Schema30 {
  return { type: 'string', nullable: true, enum: [null] };
}

/** Keywords that only annotate: they stay outside the union when a schema gains `null`. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

const OCTET_STREAM = 'application/octet-stream';

/**
 * Bytes rather than text: octet-stream and any type but text, JSON and XML (`image/png`,
 * `application/pdf`, a download's `@contentType`). 3.0.3 says those `format: binary`.
 */
function isBinaryMedia(type: string): boolean {
  if (type === OCTET_STREAM) return true;
  return !/^text\/|[/+](?:json|xml)(?:\s*;|$)/i.test(type);
}

/** A schema as a list of keyword entries, in order. */
type Entry = [string, unknown];
type Entries = Record<string, unknown>;

/**
 * The downgrade for one document: `lookup` gives the document's 2020-12 components (a tuple's
 * union needs them to tell its elements apart). Each schema object is converted once.
 */
export function downgrader(lookup: ComponentLookup): (schema: JsonSchema) => Schema30 {
  const done = new WeakMap<JsonSchema, Schema30>();
  const downgrade = (schema: JsonSchema): Schema30 => {
    let out = done.get(schema);
    if (out === undefined) {
      // Most schemas are the same in both: they are shared, not copied (thousands of routes).
      out = someSubSchema(schema, differsIn30) ? convert(schema, downgrade, lookup) : (schema as Schema30);
      done.set(schema, out);
    }
    return out;
  };
  return downgrade;
}

/** One schema, with no component lookup (a tuple of `$ref`s is then an `anyOf`). */
export function downgradeSchema(schema: JsonSchema, lookup: ComponentLookup = () => undefined): Schema30 {
  return downgrader(lookup)(schema);
}

function differsIn30(schema: JsonSchema): boolean {
  if (Array.isArray(schema.type) || schema.type === 'null' || schema.const !== undefined) return true;
  if (schema.exclusiveMinimum !== undefined || schema.exclusiveMaximum !== undefined) return true;
  if (schema.prefixItems !== undefined || schema.items === false || schema.propertyNames !== undefined)
    return true;
  if (schema.contentEncoding !== undefined || schema.contentMediaType !== undefined) return true;
  if (schema.contentSchema !== undefined) return true;
  return schema.$ref !== undefined && Object.keys(schema).length > 1;
}

type Downgrade = (schema: JsonSchema) => Schema30;

function convert(schema: JsonSchema, downgrade: Downgrade, lookup: ComponentLookup): Schema30 {
  const split = splitNull(schema);
  if (split.orNull) return orNull30(schema, split.schema, downgrade);
  const mapped = mapChildSchemas(schema, downgrade as (child: JsonSchema) => JsonSchema) as Entries;
  const tuple = schema.prefixItems !== undefined || schema.items === false;
  const out = rewrite(
    mapped,
    (key, value) =>
      (tuple && tupleEntries(schema, mapped, key, downgrade, lookup)) || keywordEntries(mapped, key, value),
  );
  if (tuple && schema.prefixItems?.length) out['x-prefixItems'] = mapped.prefixItems;
  return out as Schema30;
}

/** The entries in order, each key replaced by what `replace` gives (undefined: kept as it is). */
function rewrite(schema: Entries, replace: (key: string, value: unknown) => Entry[] | undefined): Entries {
  const out: Entries = {};
  for (const [key, value] of Object.entries(schema)) {
    for (const [name, inner] of replace(key, value) ?? [[key, value]]) out[name] = inner;
  }
  return out;
}

/** The keywords 3.0.3 says differently, outside tuples; undefined for those it says the same. */
function keywordEntries(schema: Entries, key: string, value: unknown): Entry[] | undefined {
  switch (key) {
    case 'type':
      return typeEntries(value as JsonType | JsonType[]);
    case 'const':
      return [['enum', [value]]];
    case '$ref':
      return refEntries(schema, value as string);
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return boundEntries(schema, key);
    case 'propertyNames':
      return [['x-propertyNames', value]];
    case 'contentEncoding':
      return value === 'base64' ? [['format', 'byte']] : [];
    case 'contentMediaType':
      return schema.type === 'string' && isBinaryMedia(value as string) ? [['format', 'binary']] : [];
    case 'contentSchema':
      return [];
    default:
      return undefined;
  }
}

/** `null` alone → the 3.0.3 null schema; several types (from a user's `@schema`) → `anyOf` of each. */
function typeEntries(type: JsonType | JsonType[]): Entry[] | undefined {
  if (type === 'null') return Object.entries(nullSchema30());
  if (!Array.isArray(type)) return undefined;
  if (type.length === 1) return [['type', type[0]]];
  return [['anyOf', type.map((one) => (one === 'null' ? nullSchema30() : { type: one }))]];
}

/** 3.0.3 ignores a `$ref`'s siblings: the reference goes into `allOf`, beside them. */
function refEntries(schema: Entries, ref: string): Entry[] | undefined {
  if (Object.keys(schema).length === 1) return undefined;
  const allOf = (schema.allOf as Schema30[] | undefined) ?? [];
  return [['allOf', [{ $ref: ref }, ...allOf]]];
}

/**
 * 2020-12's numeric `exclusiveMinimum: n` is 3.0.3's `minimum: n` + `exclusiveMinimum: true`.
 * Beside an inclusive `minimum` both apply, so the tighter bound is the one written.
 */
function boundEntries(schema: Entries, key: string): Entry[] | undefined {
  const side = key === 'minimum' || key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
  const exclusiveKey = side === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum';
  const exclusive = schema[exclusiveKey] as number | undefined;
  if (exclusive === undefined) return undefined;
  const inclusive = schema[side] as number | undefined;
  const tighter =
    inclusive === undefined || (side === 'minimum' ? exclusive >= inclusive : exclusive <= inclusive);
  if (key === side) return tighter ? [] : undefined;
  return tighter
    ? [
        [side, exclusive],
        [exclusiveKey, true],
      ]
    : [];
}

/**
 * A tuple's keywords: `prefixItems` becomes `items` (any element: the union of the positions and
 * the rest), `maxItems` closes it after `minItems`; the positions are added as `x-prefixItems`.
 */
function tupleEntries(
  schema: JsonSchema,
  mapped: Entries,
  key: string,
  downgrade: Downgrade,
  lookup: ComponentLookup,
): Entry[] | undefined {
  const positions = schema.prefixItems ?? [];
  const closed = schema.items === false;
  const maxItems: Entry[] = closed && mapped.maxItems === undefined ? [['maxItems', positions.length]] : [];
  if (key === 'minItems') return [['minItems', mapped.minItems], ...maxItems];
  const hasMin = mapped.minItems !== undefined;
  if (key === 'prefixItems' || (key === 'items' && positions.length === 0)) {
    const rest: JsonSchema[] = schema.items === false ? [] : [schema.items ?? {}];
    const elements = [...positions, ...rest];
    const items = elements.length === 0 ? {} : downgrade(unionOf(elements, lookup));
    return [['items', items], ...(hasMin ? [] : maxItems)];
  }
  return key === 'items' ? [] : undefined;
}

/**
 * `T | null` in 3.0.3: a schema of one type says `nullable: true` beside it (its `enum` listing
 * `null`, which 3.0.3 requires for null to pass); a reference, a union or an untyped schema stays
 * a union (`anyOf`, or its own `anyOf`/`oneOf`) with the null schema as a member, its annotations
 * outside, before it or after it as they were.
 */
function orNull30(original: JsonSchema, schema: JsonSchema, downgrade: Downgrade): Schema30 {
  if (schema.$ref === undefined && typesOf(schema).length === 1) {
    const out: Entries = { ...downgrade(schema) };
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
    out.nullable = true;
    return out as Schema30;
  }
  const outside: Entries = {};
  const inner: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) outside[key] = value;
    else inner[key as 'description'] = value as string;
  }
  const union = withNullMember(downgrade(inner));
  const annotationsFirst = ANNOTATIONS.has(Object.keys(original)[0] ?? '');
  return (annotationsFirst ? { ...outside, ...union } : { ...union, ...outside }) as Schema30;
}

/**
 * A lone `anyOf`/`oneOf` (a union, or several types said as one) with the null schema as one more
 * member; anything else as `anyOf` of itself and the null schema.
 */
function withNullMember(schema: Schema30): Schema30 {
  const lone = Object.keys(schema).length === 1;
  if (lone && schema.oneOf) return { oneOf: [...schema.oneOf, nullSchema30()] };
  if (lone && schema.anyOf) return { anyOf: [...schema.anyOf, nullSchema30()] };
  return { anyOf: [schema, nullSchema30()] };
}
