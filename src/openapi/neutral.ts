/**
 * The document before any OpenAPI version places it: every documented operation with its method,
 * the shared responses, security schemes, root tags and components. Its schemas are the model's
 * JSON Schema 2020-12 with svc's hints dropped (./schemas.ts); each version writer (3.0.3, 3.1,
 * 3.2) only decides where things go and, for 3.0.3, how a schema is said (./downgrade-30.ts).
 */
import type { JsonSchema } from '../model/json-schema.js';
import type {
  OpenApi32MediaType,
  OpenApi32Response,
  OpenApiInfo,
  OpenApiOperation,
  OpenApiReference,
  OpenApiTag,
  WebSocketMessages,
} from './types.js';

/** A response of the neutral document: a stream answer keeps its item schema (`itemSchema`). */
export type NeutralMediaType = OpenApi32MediaType;
export type NeutralResponse = OpenApi32Response;

/** The operation's fields as every version writes them, schemas in 2020-12. */
export interface NeutralOperationFields extends Omit<OpenApiOperation<JsonSchema>, 'responses'> {
  responses: Record<string, NeutralResponse | OpenApiReference>;
}

export interface NeutralOperation {
  /** Upper-case HTTP method: `GET`, `QUERY`, a custom `PURGE`. */
  method: string;
  operation: NeutralOperationFields;
  /** A WebSocket route's message schemas (every version marks the route; 3.2 also says these). */
  websocket?: WebSocketMessages;
}

export interface NeutralDocument {
  info: OpenApiInfo;
  servers?: { url: string }[];
  /**
   * `[]` when no operation requires a scheme: the whole API needs no credential (said once at
   * the root; with schemes, each open operation says `security: []` itself).
   */
  security?: [];
  tags: OpenApiTag[];
  /** Document paths (`/users/{id}`), sorted; each path's operations in no particular order. */
  paths: Record<string, NeutralOperation[]>;
  /** `components.responses`: svc's shared answers, sorted by name. */
  responses: Record<string, NeutralResponse>;
  /** `components.securitySchemes`, sorted by name. */
  securitySchemes: Record<string, Record<string, unknown>>;
  /** Every named schema of the model in its public form; a version writes those it reaches. */
  schemas: Record<string, JsonSchema>;
}
