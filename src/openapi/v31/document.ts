/**
 * The OpenAPI 3.1 document (`openapi-3.1.json`): 3.0.3's layout (methods other than the five
 * classic ones under `x-svc-methods`, an SSE answer as `text/event-stream` text) with the
 * neutral document's JSON Schema 2020-12 schemas as they are, 3.1's own dialect.
 */
import type { AppModel } from '../../model/app-model.js';
import type { JsonSchema } from '../../model/json-schema.js';
import type { NeutralDocument } from '../neutral.js';
import { buildNeutralDocument } from '../neutral-document.js';
import { classicPathItem, placeWith, textStreamResponse, type VersionPlacer } from '../place.js';
import type { OpenApi31Document } from '../types.js';

export function buildOpenApi31Document(model: AppModel): OpenApi31Document {
  return placeOpenApi31(buildNeutralDocument(model));
}

export function placeOpenApi31(neutral: NeutralDocument): OpenApi31Document {
  return placeWith(neutral, OPENAPI_31_PLACER) as OpenApi31Document;
}

const asIs = (schema: JsonSchema): JsonSchema => schema;

/** 3.1's way: 3.0.3's layout, the schemas as they are. */
export const OPENAPI_31_PLACER: VersionPlacer = {
  openapi: '3.1.0',
  pathItem: (operations) => classicPathItem(operations, asIs),
  response: (response) => textStreamResponse(response, asIs),
  schema: asIs,
};
