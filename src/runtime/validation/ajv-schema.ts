/**
 * The app model's schema (JSON Schema 2020-12) → the schema ajv's 2020 dialect compiles, done once
 * per schema at start-up. The model is already in ajv's dialect; what changes is only what svc
 * runs its own way:
 * - svc's hints (`svc`) are dropped, and the ones that change a check are read first: a pattern's
 *   length cap (`svc.patternLimit`, `svc.keyPatternLimit`) and a `bigint` (`svc.rich`);
 * - `pattern` runs on RE2JS through the `svcPattern` keyword (ajv-pattern.ts);
 * - `integer` gets the safe-range keyword, whose message says why (ajv-integer.ts);
 * - bytes in JSON (`contentEncoding: base64`, an annotation to ajv) are checked as base64;
 * - `$ref`s into `#/components/schemas` point at the one ajv schema holding them all;
 * - a `oneOf` without a discriminator is checked as `anyOf`, as TypeScript reads a union;
 * - in `reject` mode, object schemas that declare properties and say nothing about additional
 *   ones refuse undeclared keys.
 */
import { hasType, refName, type JsonSchema } from '../../model/json-schema.js';
import { richTypeOf } from '../../model/rich-types.js';
import { mapChildSchemas, someSubSchema } from '../../model/schema-walk.js';
import { BIGINT_KEYWORD, dropSafeRange, SAFE_INTEGER_KEYWORD } from './ajv-integer.js';
import { PATTERN_KEYWORD, type PatternRule } from './ajv-pattern.js';

/** The `$id` of the ajv schema that holds every named schema under `$defs`. */
export const DEFINITIONS_ID = 'svc:schemas';
export const AJV_REF_PREFIX = `${DEFINITIONS_ID}#/$defs/`;

/** Formats `integer`/`number` already say all there is about. */
export const NUMERIC_NOOP_FORMATS: ReadonlySet<string> = new Set(['int64', 'float', 'double']);

export type AjvSchema = Record<string, unknown>;

export interface TransformOptions {
  rejectUnknown: boolean;
}

/** `inAllOf`: the schema is merged with others, so closing it would reject the others' keys. */
export function toAjvSchema(schema: JsonSchema, options: TransformOptions, inAllOf = false): AjvSchema {
  const withChildren = mapChildSchemas(
    withKeyPatternLimit(schema),
    (child) => toAjvSchema(child, options) as JsonSchema,
  );
  const { svc: _hints, ...out } = withChildren as AjvSchema;
  const name = refName(schema);
  if (name !== undefined) out.$ref = AJV_REF_PREFIX + name;
  if (schema.allOf && schema.allOf.length > 1)
    out.allOf = schema.allOf.map((member) => toAjvSchema(member, options, true));
  if (schema.pattern !== undefined) movePattern(schema, out);
  // `integer`/`number` already say all these formats do; keeping them doubles every type error.
  if (typeof out.format === 'string' && NUMERIC_NOOP_FORMATS.has(out.format)) delete out.format;
  // ajv reads the content keywords as annotations: the `byte` format checks the base64.
  if (schema.contentEncoding === 'base64' && out.format === undefined) out.format = 'byte';
  if (hasType(schema, 'integer')) markIntegerRange(schema, out);
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
  return out;
}

/** The key pattern's cap is a hint of the object; the key schema's own `pattern` runs under it. */
function withKeyPatternLimit(schema: JsonSchema): JsonSchema {
  const limit = schema.svc?.keyPatternLimit;
  const keys = schema.propertyNames;
  if (limit === undefined || keys === undefined || keys.svc?.patternLimit !== undefined) return schema;
  return { ...schema, propertyNames: { ...keys, svc: { ...keys.svc, patternLimit: limit } } };
}

/** ajv would run the pattern on a string of any length: the keyword caps it first. */
function movePattern(schema: JsonSchema & { pattern?: string }, out: AjvSchema): void {
  const rule: PatternRule = { pattern: schema.pattern ?? '' };
  if (schema.maxLength !== undefined) rule.maxLength = schema.maxLength;
  if (schema.svc?.patternLimit !== undefined) rule.limit = schema.svc.patternLimit;
  out[PATTERN_KEYWORD] = rule;
  delete out.pattern;
}

/**
 * JSON.parse may have rounded an integer beyond ±(2^53 − 1): see ajv-integer.ts. The model says
 * that range as `minimum`/`maximum` on every `integer`; those two bounds are left to the keyword,
 * whose message says why the range is what it is (one error, as before the model carried them).
 */
function markIntegerRange(schema: JsonSchema, out: AjvSchema): void {
  dropSafeRange(out);
  if (richTypeOf(schema) !== 'bigint') {
    out[SAFE_INTEGER_KEYWORD] = true;
    return;
  }
  // A bigint also arrives as a string of digits, which the keyword checks in place of the type.
  out[BIGINT_KEYWORD] = { orNull: hasType(schema, 'null') };
  delete out.type;
}

/** Names of schemas referenced as members of a multi-member `allOf` anywhere. */
export function namesMergedInAllOf(
  schemas: Record<string, JsonSchema>,
  extra: JsonSchema[] = [],
): Set<string> {
  const names = new Set<string>();
  const collect = (schema: JsonSchema): boolean => {
    if (schema.allOf && schema.allOf.length > 1)
      for (const member of schema.allOf) {
        const name = refName(member);
        if (name !== undefined) names.add(name);
      }
    return false;
  };
  for (const schema of [...Object.values(schemas), ...extra]) someSubSchema(schema, collect);
  return names;
}
