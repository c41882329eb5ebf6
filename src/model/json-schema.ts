/**
 * The subset of JSON Schema that OpenAPI 3.0.3 allows (its "Schema Object"), which is also
 * what the runtime validator compiles. `nullable` is OpenAPI's, not draft-07's.
 */
import type { SvcType } from './rich-types.js';

export interface JsonSchema {
  $ref?: string;
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  format?: string;
  enum?: (string | number | boolean | null)[];
  nullable?: boolean;
  description?: string;
  example?: unknown;
  default?: unknown;
  deprecated?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  maxProperties?: number;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  readOnly?: boolean;
  writeOnly?: boolean;
  title?: string;
  /** The rich JavaScript value this schema stands for (src/model/rich-types.ts); stripped from the document. */
  'x-svc-type'?: SvcType;
  /** Every key must match this pattern (see KEY_PATTERN_KEY). */
  'x-propertyNames'?: { pattern: string };
  /** Other vendor extensions (svc's own start with `x-svc-` and are stripped from the document). */
  [extension: `x-${string}`]: unknown;
}

/**
 * What every key of an object must match (`Record<\`x-${string}\`, V>`, `Record<Currency, V>`):
 * JSON Schema's `propertyNames`, which OpenAPI 3.0.3 lacks, so the 3.0.3 document carries it as
 * this extension (kept in the document; the 3.2 writer turns it into `propertyNames`).
 */
export const KEY_PATTERN_KEY = 'x-propertyNames';

/** Prefix of every component reference. */
export const SCHEMA_REF_PREFIX = '#/components/schemas/';

export function schemaRef(name: string): JsonSchema {
  return { $ref: SCHEMA_REF_PREFIX + name };
}

export function refName(schema: JsonSchema): string | undefined {
  return schema.$ref?.startsWith(SCHEMA_REF_PREFIX) ? schema.$ref.slice(SCHEMA_REF_PREFIX.length) : undefined;
}
