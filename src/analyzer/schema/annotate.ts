/**
 * Applies annotations to a converted schema. OpenAPI 3.0 ignores the siblings of `$ref`, so a
 * `$ref` that gains keywords is wrapped: `{allOf: [ref], ...keywords}`.
 */
import { KEY_PATTERN_KEY, type JsonSchema } from '../../model/json-schema.js';
import { KEY_PATTERN_LIMIT_KEY, PATTERN_LIMIT_KEY } from '../../model/pattern-limit.js';
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

export function applyAnnotations(schema: JsonSchema, annotations: SchemaAnnotations): JsonSchema {
  const base = withKeysAndItems(annotations.schema ? { ...annotations.schema } : schema, annotations);
  const keywords: Record<string, unknown> = {};
  for (const key of KEYWORDS) {
    if (annotations[key] !== undefined) keywords[key] = annotations[key];
  }
  if (annotations.deprecated === false) delete keywords.deprecated;
  if (annotations.patternLimit !== undefined) keywords[PATTERN_LIMIT_KEY] = annotations.patternLimit;
  const integer = annotations.isInt === true;
  if (Object.keys(keywords).length === 0 && !integer) return base;
  const target: JsonSchema = base.$ref !== undefined ? { allOf: [base] } : { ...base };
  if (integer) makeInteger(target);
  return { ...target, ...keywords };
}

/** `@isInt` turns `number` into `integer`, also inside an array of numbers. */
function makeInteger(schema: JsonSchema): void {
  if (schema.type === 'number') schema.type = 'integer';
  else if (schema.type === 'array' && schema.items?.type === 'number')
    schema.items = { ...schema.items, type: 'integer' };
}

/** An alias's tags on array elements (`Currency[]`) and a `Record` key pattern (`Record<Currency, V>`). */
function withKeysAndItems(schema: JsonSchema, annotations: SchemaAnnotations): JsonSchema {
  const { items, keyPattern } = annotations;
  if (items && schema.type === 'array' && schema.items)
    return { ...schema, items: applyAnnotations(schema.items, items) };
  if (keyPattern === undefined || schema.type !== 'object') return schema;
  const limit = annotations.keyPatternLimit;
  return {
    ...schema,
    [KEY_PATTERN_KEY]: { pattern: keyPattern },
    ...(limit === undefined ? {} : { [KEY_PATTERN_LIMIT_KEY]: limit }),
  };
}
