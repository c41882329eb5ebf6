/**
 * Applies annotations to a converted schema. A `$ref` keeps them beside it (2020-12 applies
 * both); the 3.0.3 document wraps such a reference when it downgrades it.
 */
import type { JsonSchema, SchemaHints } from '../../model/json-schema.js';
import { mainType } from '../../model/json-schema.js';
import { withFileSize } from './file-size.js';
import type { SchemaAnnotations } from './types.js';

const KEYWORDS = [
  'description',
  'example',
  'default',
  'deprecated',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
] as const;

/**
 * The integers a JavaScript number holds exactly. The runtime refuses any integer beyond them,
 * so every `integer` schema says so (unless a tighter bound was declared).
 */
export const SAFE_INTEGER_BOUNDS = { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

export function applyAnnotations(schema: JsonSchema, annotations: SchemaAnnotations): JsonSchema {
  const keyed = withKeysAndItems(annotations.schema ? { ...annotations.schema } : schema, annotations);
  const base = annotations.maxSize === undefined ? keyed : withFileSize(keyed, annotations.maxSize);
  const keywords: Record<string, unknown> = {};
  for (const key of KEYWORDS) {
    if (annotations[key] !== undefined) keywords[key] = annotations[key];
  }
  if (annotations.deprecated === false) delete keywords.deprecated;
  const integer = annotations.isInt === true;
  if (Object.keys(keywords).length === 0 && !integer && annotations.patternLimit === undefined) return base;
  const out: JsonSchema = { ...base, ...keywords };
  if (integer) makeInteger(out);
  if (annotations.patternLimit !== undefined)
    out.svc = { ...out.svc, patternLimit: annotations.patternLimit };
  return out;
}

/** `@isInt` turns `number` into `integer` (with the safe bounds), also inside an array of numbers. */
function makeInteger(schema: JsonSchema): void {
  if (mainType(schema) === 'number') Object.assign(schema, asInteger(schema));
  else if (mainType(schema) === 'array' && schema.items && mainType(schema.items) === 'number')
    schema.items = asInteger(schema.items);
}

/** The schema with `integer` for `number` and the safe bounds where none is tighter. */
export function asInteger(schema: JsonSchema): JsonSchema {
  const type = Array.isArray(schema.type)
    ? schema.type.map((each) => (each === 'number' ? 'integer' : each))
    : 'integer';
  return withSafeBounds({ ...schema, type });
}

/** Adds ±(2^53−1) to an integer schema unless a bound at least as tight is there. */
export function withSafeBounds(schema: JsonSchema): JsonSchema {
  const out = { ...schema };
  if (out.minimum === undefined || out.minimum < SAFE_INTEGER_BOUNDS.minimum)
    out.minimum = SAFE_INTEGER_BOUNDS.minimum;
  if (out.maximum === undefined || out.maximum > SAFE_INTEGER_BOUNDS.maximum)
    out.maximum = SAFE_INTEGER_BOUNDS.maximum;
  return out;
}

/** An alias's tags on array elements (`Currency[]`) and a `Record` key pattern (`Record<Currency, V>`). */
function withKeysAndItems(schema: JsonSchema, annotations: SchemaAnnotations): JsonSchema {
  const { items, keyPattern } = annotations;
  if (items && mainType(schema) === 'array' && schema.items)
    return { ...schema, items: applyAnnotations(schema.items, items) };
  if (keyPattern === undefined || mainType(schema) !== 'object') return schema;
  const limit = annotations.keyPatternLimit;
  const svc: SchemaHints | undefined =
    limit === undefined ? schema.svc : { ...schema.svc, keyPatternLimit: limit };
  return { ...schema, propertyNames: { pattern: keyPattern }, ...(svc && { svc }) };
}
