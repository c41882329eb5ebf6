/**
 * The OpenAPI 3.2 document (`openapi-3.2.json`, docs/openapi.md "Three documents"): the neutral
 * document as it is, placed the 3.2 way: the fixed methods (`query` among them) as path item keys,
 * every other method under `additionalOperations`, an SSE answer's `itemSchema`, a WebSocket
 * route's message schemas as `x-svc-messages`.
 */
import type { AppModel } from '../../model/app-model.js';
import type { JsonSchema } from '../../model/json-schema.js';
import type { NeutralDocument, NeutralOperation } from '../neutral.js';
import { buildNeutralDocument } from '../neutral-document.js';
import { orderOperation } from '../operation.js';
import { placeWith, type VersionPlacer } from '../place.js';
import type { OpenApi32Document, OpenApi32Operation, OpenApi32PathItem } from '../types.js';

export type { OpenApi32Document, OpenApi32Operation, OpenApi32PathItem } from '../types.js';

/** The path item's fixed operation fields in 3.2, in the order they are written. */
const FIXED_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

export function buildOpenApi32Document(model: AppModel): OpenApi32Document {
  return placeOpenApi32(buildNeutralDocument(model));
}

export function placeOpenApi32(neutral: NeutralDocument): OpenApi32Document {
  return placeWith(neutral, OPENAPI_32_PLACER) as OpenApi32Document;
}

/** 3.2's way: the neutral document's responses and schemas as they are. */
export const OPENAPI_32_PLACER: VersionPlacer = {
  openapi: '3.2.0',
  pathItem: pathItem32,
  response: (response) => response,
  schema: (schema: JsonSchema): JsonSchema => schema,
};

/** Fixed methods as keys, in order; every other method under `additionalOperations`, sorted. */
function pathItem32(operations: readonly NeutralOperation[]): OpenApi32PathItem {
  const byMethod = new Map(operations.map((entry) => [entry.method, operation32(entry)]));
  const item: OpenApi32PathItem = {};
  for (const method of FIXED_METHODS) {
    const operation = byMethod.get(method.toUpperCase());
    if (operation) item[method] = operation;
  }
  const fixed = new Set<string>(FIXED_METHODS.map((method) => method.toUpperCase()));
  const additional = [...byMethod.keys()].filter((method) => !fixed.has(method)).sort();
  if (additional.length > 0)
    item.additionalOperations = Object.fromEntries(
      additional.map((method) => [method, byMethod.get(method) as OpenApi32Operation]),
    );
  return item;
}

function operation32(entry: NeutralOperation): OpenApi32Operation {
  if (!entry.websocket) return entry.operation;
  return orderOperation({ ...entry.operation, 'x-svc-messages': entry.websocket });
}
