/**
 * The OpenAPI 3.0.3 document (`swagger.json`, rules in docs/openapi.md): the neutral document
 * placed the 3.0.3 way (./place.ts), each schema through the downgrade step (./downgrade-30.ts).
 * Deterministic: paths sorted, methods in a fixed order, components sorted and pruned to those the
 * document references.
 */
import type { AppModel } from '../model/app-model.js';
import { downgrader } from './downgrade-30.js';
import type { NeutralDocument } from './neutral.js';
import { buildNeutralDocument } from './neutral-document.js';
import { classicPathItem, documentFrame, mapValues, placeComponents, textStreamResponse } from './place.js';
import type { OpenApiDocument } from './types.js';

export { documentPath } from './neutral-document.js';

export function buildOpenApiDocument(model: AppModel): OpenApiDocument {
  return placeOpenApi30(buildNeutralDocument(model));
}

export function placeOpenApi30(neutral: NeutralDocument): OpenApiDocument {
  const downgrade = downgrader((name) => neutral.schemas[name]);
  const paths = mapValues(neutral.paths, (operations) => classicPathItem(operations, downgrade));
  const responses = mapValues(neutral.responses, (response) => textStreamResponse(response, downgrade));
  const components = placeComponents(neutral, paths, responses, downgrade);
  return documentFrame('3.0.3', neutral, paths, components) as OpenApiDocument;
}
