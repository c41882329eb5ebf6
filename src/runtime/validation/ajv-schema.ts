/**
 * OpenAPI 3.0.3 schema object → the draft-07 JSON Schema ajv compiles, done once per schema at
 * start-up. OpenAPI differs in three places: `nullable`, boolean `exclusiveMinimum/Maximum`,
 * and `$ref`s into `#/components/schemas`, which here point at one ajv schema holding them all.
 * In `reject` mode, object schemas that declare properties and say nothing about additional
 * ones refuse undeclared keys. svc's key-pattern extension becomes `propertyNames`.
 */
import { KEY_PATTERN_KEY, SCHEMA_REF_PREFIX, type JsonSchema } from '../../model/json-schema.js';
import { richTypeOf } from '../../model/rich-types.js';
import { mapChildSchemas, someSubSchema } from '../../model/schema-walk.js';
import { BIGINT_KEYWORD, SAFE_INTEGER_KEYWORD } from './ajv-integer.js';
import { PATTERN_KEYWORD } from './ajv-pattern.js';
import { PATTERN_LIMIT_KEY } from './pattern.js';
import { KEY_PATTERN_LIMIT_KEY } from '../../model/pattern-limit.js';

/** The `$id` of the ajv schema that holds every named schema under `definitions`. */
export const DEFINITIONS_ID = 'svc:schemas';
export const AJV_REF_PREFIX = `${DEFINITIONS_ID}#/definitions/`;

/** Formats `integer`/`number` already say all there is about. */
export const NUMERIC_NOOP_FORMATS: ReadonlySet<string> = new Set(['int64', 'float', 'double']);

export type AjvSchema = Record<string, unknown>;

export interface TransformOptions {
  rejectUnknown: boolean;
}

/** `inAllOf`: the schema is merged with others, so closing it would reject the others' keys. */
export function toAjvSchema(schema: JsonSchema, options: TransformOptions, inAllOf = false): AjvSchema {
  const withChildren = mapChildSchemas(schema, (child) => toAjvSchema(child, options) as JsonSchema);
  const out: AjvSchema = {};
  for (const [key, value] of Object.entries(withChildren)) {
    if (key === 'nullable' || key.startsWith('x-')) continue;
    out[key] = value;
  }
  if (schema.$ref?.startsWith(SCHEMA_REF_PREFIX))
    out.$ref = AJV_REF_PREFIX + schema.$ref.slice(SCHEMA_REF_PREFIX.length);
  if (schema.allOf && schema.allOf.length > 1)
    out.allOf = schema.allOf.map((member) => toAjvSchema(member, options, true));
  fixExclusiveBounds(schema, out);
  const keyPattern = schema[KEY_PATTERN_KEY];
  if (keyPattern) {
    const limit = schema[KEY_PATTERN_LIMIT_KEY];
    const keys: JsonSchema = { type: 'string', pattern: keyPattern.pattern, [PATTERN_LIMIT_KEY]: limit };
    out.propertyNames = toAjvSchema(keys, options);
  }
  // ajv would run the pattern on a string of any length: the keyword caps it first.
  if (typeof out.pattern === 'string') {
    out[PATTERN_KEYWORD] = {
      pattern: out.pattern,
      maxLength: schema.maxLength,
      limit: schema[PATTERN_LIMIT_KEY],
    };
    delete out.pattern;
  }
  // `integer`/`number` already say all these formats do; keeping them doubles every type error.
  if (typeof out.format === 'string' && NUMERIC_NOOP_FORMATS.has(out.format)) delete out.format;
  markIntegerRange(schema, out);
  if (schema.discriminator) {
    // ajv's discriminator replaces the oneOf check and only looks at objects: say so, or
    // `[]` and `5` would pass.
    out.discriminator = { propertyName: schema.discriminator.propertyName };
    out.type ??= 'object';
  }
  // A TypeScript union accepts a value matching any member; `oneOf` would refuse one matching two
  // (`number | bigint` given 1). Only ajv's discriminator needs the `oneOf` spelling.
  else if (out.oneOf) {
    out.anyOf = out.oneOf;
    delete out.oneOf;
  }
  if (options.rejectUnknown && !inAllOf && schema.properties && schema.additionalProperties === undefined)
    out.additionalProperties = false;
  return schema.nullable === true ? allowNull(out) : out;
}

/** JSON.parse may have rounded an integer beyond ±(2^53 − 1): see ajv-integer.ts. */
function markIntegerRange(schema: JsonSchema, out: AjvSchema): void {
  if (schema.type !== 'integer') return;
  if (richTypeOf(schema) !== 'bigint') {
    out[SAFE_INTEGER_KEYWORD] = true;
    return;
  }
  // A bigint also arrives as a string of digits, which the keyword checks in place of the type.
  delete out.type;
  out[BIGINT_KEYWORD] = true;
}

function fixExclusiveBounds(schema: JsonSchema, out: AjvSchema): void {
  delete out.exclusiveMinimum;
  delete out.exclusiveMaximum;
  if (schema.exclusiveMinimum === true && schema.minimum !== undefined) {
    out.exclusiveMinimum = schema.minimum;
    delete out.minimum;
  }
  if (schema.exclusiveMaximum === true && schema.maximum !== undefined) {
    out.exclusiveMaximum = schema.maximum;
    delete out.maximum;
  }
}

/**
 * `nullable: true`: widen `type` (and `enum`) when there is one; otherwise validate non-null
 * values against the rest through if/else, which keeps the rest's errors precise (an `anyOf`
 * would bury them).
 */
function allowNull(out: AjvSchema): AjvSchema {
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  if (Object.keys(out).length === 0) return out;
  return { if: { type: 'null' }, then: true, else: out };
}

/** Names of schemas referenced as members of a multi-member `allOf` anywhere. */
export function namesMergedInAllOf(
  schemas: Record<string, JsonSchema>,
  extra: JsonSchema[] = [],
): Set<string> {
  const names = new Set<string>();
  const collect = (schema: JsonSchema): boolean => {
    if (schema.allOf && schema.allOf.length > 1)
      for (const member of schema.allOf)
        if (member.$ref?.startsWith(SCHEMA_REF_PREFIX))
          names.add(member.$ref.slice(SCHEMA_REF_PREFIX.length));
    return false;
  };
  for (const schema of [...Object.values(schemas), ...extra]) someSubSchema(schema, collect);
  return names;
}
