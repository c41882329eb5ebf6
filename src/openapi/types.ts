/** The subset of the OpenAPI 3.0.3 document svc writes. */
import type { JsonSchema } from '../model/json-schema.js';

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  description?: string;
  required: boolean;
  schema: JsonSchema;
}

export interface OpenApiMediaType {
  schema: JsonSchema;
}

export interface OpenApiRequestBody {
  required: boolean;
  content: Record<string, OpenApiMediaType>;
}

export interface OpenApiResponse {
  description: string;
  content?: Record<string, OpenApiMediaType>;
}

/** A shared answer: `{$ref: '#/components/responses/InvalidInput'}`. */
export interface OpenApiReference {
  $ref: string;
}

/** `{[schemeName]: []}`: all of the named schemes together (svc writes one object per operation). */
export type OpenApiSecurityRequirement = Record<string, string[]>;

export interface OpenApiOperation {
  tags: string[];
  summary?: string;
  description?: string;
  operationId: string;
  parameters?: OpenApiParameter[];
  requestBody?: OpenApiRequestBody;
  responses: Record<string, OpenApiResponse | OpenApiReference>;
  deprecated?: boolean;
  security?: OpenApiSecurityRequirement[];
  /** Where this operation is served instead of the document's servers (svc's health endpoints, outside the prefix). */
  servers?: { url: string }[];
  /** A WebSocket route: the `get` is the upgrade request. */
  'x-svc-websocket'?: true;
}

/** Lower-case method keys of the path item, plus the custom methods that cannot be keys in 3.0.3. */
export interface OpenApiPathItem {
  get?: OpenApiOperation;
  put?: OpenApiOperation;
  post?: OpenApiOperation;
  delete?: OpenApiOperation;
  patch?: OpenApiOperation;
  'x-svc-methods'?: Record<string, OpenApiOperation>;
}

export interface OpenApiDocument {
  openapi: '3.0.3';
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, OpenApiPathItem>;
  components?: OpenApiComponents;
}

export interface OpenApiComponents {
  schemas?: Record<string, JsonSchema>;
  responses?: Record<string, OpenApiResponse>;
  securitySchemes?: Record<string, Record<string, unknown>>;
}
