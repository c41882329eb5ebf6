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
import { classicPathItem, placeWith, textStreamResponse, type VersionPlacer } from './place.js';
import type { OpenApiDocument } from './types.js';

export { documentPath } from './neutral-document.js';

export function buildOpenApiDocument(model: AppModel): OpenApiDocument {
  return placeOpenApi30(buildNeutralDocument(model));
}

export function placeOpenApi30(neutral: NeutralDocument): OpenApiDocument {
  return placeWith(neutral, openApi30Placer(neutral)) as OpenApiDocument;
}

/** 3.0.3's way: each schema through the downgrade step, which looks up the schemas it refers to. */
export function openApi30Placer(neutral: NeutralDocument): VersionPlacer {
  const downgrade = downgrader((name) => neutral.schemas[name]);
  return {
    openapi: '3.0.3',
    pathItem: (operations) => classicPathItem(operations, downgrade),
    response: (response) => textStreamResponse(response, downgrade),
    schema: downgrade,
  };
}
