/**
 * The documents svc writes: OpenAPI 3.0.3 (`swagger.json`), 3.1 and 3.2. The three share their
 * operations, responses and components; they differ in their schemas (3.0.3's Schema Object, or
 * JSON Schema 2020-12) and in where a path item puts methods other than the five classic ones.
 */
import type { EnumValue, JsonSchema, JsonType } from '../model/json-schema.js';
import type { ParameterLocation } from '../model/param-sources.js';

/**
 * A Schema Object of OpenAPI 3.0.3, as the downgrade step writes it (./downgrade-30.ts): one
 * `type` with `nullable` beside it, boolean exclusive bounds, one `items`; no 2020-12 keyword.
 */
export interface Schema30 {
  $ref?: string;
  type?: Exclude<JsonType, 'null'>;
  nullable?: true;
  format?: string;
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
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: Schema30;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, Schema30>;
  required?: string[];
  additionalProperties?: boolean | Schema30;
  minProperties?: number;
  maxProperties?: number;
  oneOf?: Schema30[];
  anyOf?: Schema30[];
  allOf?: Schema30[];
  not?: Schema30;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  [extension: `x-${string}`]: unknown;
}

/** `S`: the Schema Object of the document's version (`Schema30`, or the 2020-12 `JsonSchema`). */
export interface OpenApiParameter<S = Schema30> {
  name: string;
  in: ParameterLocation;
  description?: string;
  required: boolean;
  schema: S;
}

export interface OpenApiMediaType<S = Schema30> {
  schema: S;
  /** Multipart fields whose parts are limited to some media types (`{photo: {contentType: 'image/png'}}`). */
  encoding?: Record<string, { contentType: string }>;
}

export interface OpenApiRequestBody<S = Schema30> {
  required: boolean;
  content: Record<string, OpenApiMediaType<S>>;
}

export interface OpenApiResponse<S = Schema30> {
  description: string;
  headers?: Record<string, OpenApiHeader>;
  content?: Record<string, OpenApiMediaType<S>>;
}

/** A response header: a plain string or integer, the same in every version's document. */
export interface OpenApiHeader {
  description: string;
  schema: { type: 'string' } | { type: 'integer'; minimum: number };
}

/** A shared answer: `{$ref: '#/components/responses/InvalidInput'}`. */
export interface OpenApiReference {
  $ref: string;
}

/** `{[schemeName]: []}`: all of the named schemes together (svc writes one object per operation). */
export type OpenApiSecurityRequirement = Record<string, string[]>;

export interface OpenApiOperation<S = Schema30> {
  tags: string[];
  summary?: string;
  description?: string;
  operationId: string;
  parameters?: OpenApiParameter<S>[];
  requestBody?: OpenApiRequestBody<S>;
  responses: Record<string, OpenApiResponse<S> | OpenApiReference>;
  deprecated?: boolean;
  security?: OpenApiSecurityRequirement[];
  /** Where this operation is served instead of the document's servers (svc's health endpoints, outside the prefix). */
  servers?: { url: string }[];
  /** A WebSocket route: the `get` is the upgrade request. */
  'x-svc-websocket'?: true;
}

/** Lower-case method keys of the path item, plus the methods that cannot be keys in 3.0.3 and 3.1. */
export interface OpenApiPathItem<S = Schema30> {
  get?: OpenApiOperation<S>;
  put?: OpenApiOperation<S>;
  post?: OpenApiOperation<S>;
  delete?: OpenApiOperation<S>;
  patch?: OpenApiOperation<S>;
  'x-svc-methods'?: Record<string, OpenApiOperation<S>>;
}

/** A root `tags` entry: one per tag the operations use. */
export interface OpenApiTag {
  name: string;
  description?: string;
}

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

export interface OpenApiComponents<S = Schema30> {
  schemas?: Record<string, S>;
  responses?: Record<string, OpenApiResponse<S>>;
  securitySchemes?: Record<string, Record<string, unknown>>;
}

/** The OpenAPI 3.0.3 document (`swagger.json`). */
export interface OpenApiDocument {
  openapi: '3.0.3';
  info: OpenApiInfo;
  servers?: { url: string }[];
  /** `[]` when no operation requires a credential. */
  security?: [];
  tags?: OpenApiTag[];
  paths: Record<string, OpenApiPathItem>;
  components?: OpenApiComponents;
}

/** The OpenAPI 3.1 document (`openapi-3.1.json`): 3.0.3's layout, JSON Schema 2020-12 schemas. */
export interface OpenApi31Document {
  openapi: '3.1.0';
  info: OpenApiInfo;
  servers?: { url: string }[];
  /** `[]` when no operation requires a credential. */
  security?: [];
  tags?: OpenApiTag[];
  paths: Record<string, OpenApiPathItem<JsonSchema>>;
  components?: OpenApiComponents<JsonSchema>;
}

/** A 3.2 media type: a schema, or for a stream (`text/event-stream`) the schema of each item. */
export type OpenApi32MediaType =
  { schema: JsonSchema; encoding?: OpenApiMediaType['encoding'] } | { itemSchema: JsonSchema };

export interface OpenApi32Response {
  description: string;
  headers?: Record<string, OpenApiHeader>;
  content?: Record<string, OpenApi32MediaType>;
}

/** A WebSocket route's messages: `in` is one received message (left out when unknown), `out` one sent. */
export interface WebSocketMessages {
  in?: JsonSchema;
  out: JsonSchema;
}

export interface OpenApi32Operation extends Omit<OpenApiOperation<JsonSchema>, 'responses'> {
  responses: Record<string, OpenApi32Response | OpenApiReference>;
  'x-svc-messages'?: WebSocketMessages;
}

/** Fixed method keys (`get` … `query`) and `additionalOperations` for every other method. */
export type OpenApi32PathItem = {
  [method: string]: OpenApi32Operation | Record<string, OpenApi32Operation>;
};

/** The OpenAPI 3.2 document (`openapi-3.2.json`). */
export interface OpenApi32Document {
  openapi: '3.2.0';
  info: OpenApiInfo;
  servers?: { url: string }[];
  /** `[]` when no operation requires a credential. */
  security?: [];
  tags?: OpenApiTag[];
  paths: Record<string, OpenApi32PathItem>;
  components?: OpenApi32Components;
}

export interface OpenApi32Components {
  schemas?: Record<string, JsonSchema>;
  responses?: Record<string, OpenApi32Response>;
  securitySchemes?: Record<string, Record<string, unknown>>;
}
