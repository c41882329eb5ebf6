/**
 * The app model's schema: JSON Schema 2020-12, the dialect of OpenAPI 3.1 and 3.2. Every reader
 * (the validator, the serializers, the typed client, each document writer) takes this one form;
 * the OpenAPI 3.0.3 document is a downgrade step over it (src/openapi/downgrade-30.ts).
 *
 * The forms svc writes (docs/openapi.md, "Schemas"):
 * - `T | null`: `type: ['string', 'null']` (an `enum` gains `null`); a `$ref` or a union becomes
 *   `anyOf: [..., {type: 'null'}]` (see `withNull`); `null` alone is `{type: 'null'}`.
 * - a literal: `{type, const}`; a tuple: `prefixItems` with `items: false` (closed) or the rest.
 * - a `Record` key pattern: `propertyNames: {pattern}`; bytes in JSON: `contentEncoding: base64`.
 * - a `$ref` keeps its annotations beside it (`{$ref, description}`).
 * What JSON Schema cannot say (the rich JavaScript value behind a schema, a pattern's length cap,
 * an enum's member names, SSE event kinds) lives in the one typed record `svc`, which no
 * document and no validator ever sees.
 */
import type { SseItems } from './sse-events.js';
import type { SvcType } from './rich-types.js';

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

export type EnumValue = string | number | boolean | null;

export interface JsonSchema {
  $ref?: string;
  type?: JsonType | JsonType[];
  format?: string;
  const?: EnumValue;
  enum?: EnumValue[];
  description?: string;
  title?: string;
  example?: unknown;
  default?: unknown;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  contentEncoding?: string;
  contentMediaType?: string;
  contentSchema?: JsonSchema;
  prefixItems?: JsonSchema[];
  /** The elements after `prefixItems` (all of them without it); `false`: none (a closed tuple). */
  items?: JsonSchema | false;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  minProperties?: number;
  maxProperties?: number;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  /** svc's own facts about this schema: read by svc, never written to a document or a validator. */
  svc?: SchemaHints;
  /** A user's vendor extensions (from `@schema`/`@ApiType`), written to the documents as they are. */
  [extension: `x-${string}`]: unknown;
}

/** What JSON Schema cannot say about a value, typed, in one place. */
export interface SchemaHints {
  /** The rich JavaScript value the schema stands for (src/model/rich-types.ts). */
  rich?: SvcType;
  /** The length cap for a `pattern` left on the backtracking engine (src/model/pattern-limit.ts). */
  patternLimit?: number;
  /** The same cap for `propertyNames.pattern`. */
  keyPatternLimit?: number;
  /** A TypeScript enum's member names, in the order of `enum` (documents write `x-enum-varnames`). */
  enumNames?: string[];
  /** An SSE route's item kinds, when some are `SseEvent`s (src/model/sse-events.ts). */
  sseItems?: SseItems;
}

/** Prefix of every component reference. */
export const SCHEMA_REF_PREFIX = '#/components/schemas/';

export function schemaRef(name: string): JsonSchema {
  return { $ref: SCHEMA_REF_PREFIX + name };
}

export function refName(schema: JsonSchema): string | undefined {
  return schema.$ref?.startsWith(SCHEMA_REF_PREFIX) ? schema.$ref.slice(SCHEMA_REF_PREFIX.length) : undefined;
}

/** The JSON types a schema names (empty when it names none). */
export function typesOf(schema: JsonSchema): readonly JsonType[] {
  if (schema.type === undefined) return [];
  return typeof schema.type === 'string' ? [schema.type] : schema.type;
}

/** The one non-null type a schema names (`['string', 'null']` → `string`), if exactly one. */
export function mainType(schema: JsonSchema): JsonType | undefined {
  const types = typesOf(schema).filter((type) => type !== 'null');
  return types.length === 1 ? types[0] : undefined;
}

/** Whether the schema names `type` (alone or in a type array). */
export function hasType(schema: JsonSchema, type: JsonType): boolean {
  return typesOf(schema).includes(type);
}
