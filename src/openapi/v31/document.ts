/**
 * The OpenAPI 3.1 document (`openapi-3.1.json`): 3.0.3's layout (methods other than the five
 * classic ones under `x-svc-methods`, an SSE answer as `text/event-stream` text) with the
 * neutral document's JSON Schema 2020-12 schemas as they are, 3.1's own dialect.
 */
import type { AppModel } from '../../model/app-model.js';
import type { JsonSchema } from '../../model/json-schema.js';
import type { NeutralDocument } from '../neutral.js';
import { buildNeutralDocument } from '../neutral-document.js';
import { classicPathItem, documentFrame, mapValues, placeComponents, textStreamResponse } from '../place.js';
import type { OpenApi31Document } from '../types.js';

export function buildOpenApi31Document(model: AppModel): OpenApi31Document {
  return placeOpenApi31(buildNeutralDocument(model));
}

export function placeOpenApi31(neutral: NeutralDocument): OpenApi31Document {
  const asIs = (schema: JsonSchema): JsonSchema => schema;
  const paths = mapValues(neutral.paths, (operations) => classicPathItem(operations, asIs));
  const responses = mapValues(neutral.responses, (response) => textStreamResponse(response, asIs));
  const components = placeComponents(neutral, paths, responses, asIs);
  return documentFrame('3.1.0', neutral, paths, components) as OpenApi31Document;
}
