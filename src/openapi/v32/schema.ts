/**
 * The one conversion step from a model schema (the OpenAPI 3.0.3 Schema Object, with svc's
 * hints) to JSON Schema 2020-12 as OpenAPI 3.1+ uses it. The analyzer's converters are not run
 * again: every 3.2 schema is this function applied to the schema the 3.0.3 document is built from.
 */
import { KEY_PATTERN_KEY, type JsonSchema } from '../../model/json-schema.js';
import { someSubSchema } from '../../model/schema-walk.js';

/** A JSON Schema 2020-12 object (type arrays, `const`, `prefixItems`, boolean `items`). */
export type JsonSchema2020 = { [keyword: string]: unknown };

/** What the tuple converter records beside `items` (src/analyzer/schema/converters/tuple.ts). */
interface TupleHint {
  prefixItems: JsonSchema[];
  rest?: JsonSchema;
}

const SVC_HINT_PREFIX = 'x-svc-';
const SINGLE_SCHEMA_KEYWORDS = ['items', 'not', 'additionalProperties'] as const;
const SCHEMA_LIST_KEYWORDS = ['allOf', 'oneOf', 'anyOf'] as const;
/** Keywords that only annotate: they stay on the outside when a nullable schema is wrapped. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/**
 * The 2020-12 form of `schema`: the schema itself when nothing in it differs between the two
 * (most schemas; the document is written for thousands of routes on every change), else a
 * converted copy. The model schema is never changed.
 */
export function toSchema2020(schema: JsonSchema): JsonSchema2020 {
  return someSubSchema(schema, differsIn2020) ? convert(schema) : (schema as JsonSchema2020);
}

/** Keywords 2020-12 says differently: `nullable`, one-value `enum`, boolean bounds, svc's hints, key patterns. */
function differsIn2020(schema: JsonSchema): boolean {
  if (schema.nullable !== undefined || schema.enum?.length === 1) return true;
  if (schema.exclusiveMinimum !== undefined || schema.exclusiveMaximum !== undefined) return true;
  return Object.keys(schema).some((key) => key.startsWith(SVC_HINT_PREFIX) || key === KEY_PATTERN_KEY);
}

function convert(schema: JsonSchema): JsonSchema2020 {
  const out: JsonSchema2020 = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith(SVC_HINT_PREFIX) || key === 'nullable' || key === KEY_PATTERN_KEY) continue;
    out[key] = convertKeyword(key, value);
  }
  // 2020-12 has the keyword 3.0.3 lacks: the key pattern is `propertyNames` here.
  const keys = schema[KEY_PATTERN_KEY];
  if (keys) out.propertyNames = { pattern: keys.pattern };
  const tuple = schema['x-svc-tuple'] as TupleHint | undefined;
  if (tuple) withPrefixItems(out, tuple);
  exclusiveBounds(out, schema);
  singleEnumToConst(out);
  return schema.nullable === true ? withNull(out) : out;
}

function convertKeyword(key: string, value: unknown): unknown {
  if (key === 'properties') {
    const properties = value as Record<string, JsonSchema>;
    return Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, convert(child)]));
  }
  if (
    (SINGLE_SCHEMA_KEYWORDS as readonly string[]).includes(key) &&
    typeof value === 'object' &&
    value !== null
  )
    return convert(value as JsonSchema);
  if ((SCHEMA_LIST_KEYWORDS as readonly string[]).includes(key)) return (value as JsonSchema[]).map(convert);
  return value;
}

/** `[A, B]` → `prefixItems: [A, B]` and `items: false` (closed); `[A, ...B[]]` → `items: B`. */
function withPrefixItems(out: JsonSchema2020, tuple: TupleHint): void {
  out.prefixItems = tuple.prefixItems.map(convert);
  out.items = tuple.rest === undefined ? false : convert(tuple.rest);
}

/** 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` beside the bound → 2020-12's numeric bound. */
function exclusiveBounds(out: JsonSchema2020, schema: JsonSchema): void {
  const bounds = [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const;
  for (const [exclusive, bound] of bounds) {
    if (schema[exclusive] !== true || schema[bound] === undefined) {
      delete out[exclusive];
      continue;
    }
    out[exclusive] = schema[bound];
    delete out[bound];
  }
}

/** A literal type is a one-value enum in 3.0.3 and a `const` in 2020-12. */
function singleEnumToConst(out: JsonSchema2020): void {
  const values = out.enum;
  if (!Array.isArray(values) || values.length !== 1) return;
  out.const = values[0];
  delete out.enum;
}

/** `nullable: true` → `null` in the type array (and the enum), else `anyOf` with `{type: 'null'}`. */
function withNull(out: JsonSchema2020): JsonSchema2020 {
  if (typeof out.type === 'string') {
    // `null` alone: 3.0.3 needs a type beside `nullable` (`{type: string, nullable, enum: [null]}`); 2020-12 has `null`.
    if (out.const === null) {
      delete out.const;
      out.type = 'null';
      return out;
    }
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
    if ('const' in out) {
      out.enum = [out.const, null];
      delete out.const;
    }
    return out;
  }
  const outside: JsonSchema2020 = {};
  const inside: JsonSchema2020 = {};
  for (const [key, value] of Object.entries(out)) (ANNOTATIONS.has(key) ? outside : inside)[key] = value;
  // `{allOf: [{$ref}], nullable: true}` is how 3.0.3 makes a reference nullable.
  const allOf = inside.allOf as JsonSchema2020[] | undefined;
  const only = Object.keys(inside).length === 1 && allOf?.length === 1 ? allOf[0] : inside;
  return { ...outside, anyOf: [only, { type: 'null' }] };
}
