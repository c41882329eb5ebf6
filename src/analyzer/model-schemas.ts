/**
 * The model's named schemas: the generator's components plus the 400 problem schema, pruned to
 * those the routes and components reach (hidden routes included: the runtime validates them too).
 */
import type { AppModel } from '../model/app-model.js';
import { schemaRef, type JsonSchema } from '../model/json-schema.js';
import { reachableSchemas } from '../model/refs.js';
import { PROBLEM_DETAILS_SCHEMA, PROBLEM_MEDIA_TYPE, PROBLEM_SCHEMA_NAME } from './problem.js';

/** Used when the project declares its own `ProblemDetails` type. */
const FALLBACK_PROBLEM_NAME = 'SvcProblemDetails';

export function finalizeSchemas(
  model: AppModel,
  generated: Record<string, JsonSchema>,
): Record<string, JsonSchema> {
  const schemas = { ...generated };
  const problemName = schemas[PROBLEM_SCHEMA_NAME] ? FALLBACK_PROBLEM_NAME : PROBLEM_SCHEMA_NAME;
  schemas[problemName] = PROBLEM_DETAILS_SCHEMA;
  if (problemName !== PROBLEM_SCHEMA_NAME) renameProblemRefs(model, problemName);
  const roots = [
    model.controllers.map((controller) => controller.routes),
    model.components.map((component) => component.methods),
  ];
  return reachableSchemas(roots, schemas);
}

/** Routes are shared with cached fragments: the renamed responses are new objects. */
function renameProblemRefs(model: AppModel, problemName: string): void {
  const problemRef = schemaRef(PROBLEM_SCHEMA_NAME).$ref;
  for (const route of model.controllers.flatMap((controller) => controller.routes)) {
    const responses = route.doc.responses.map((response) =>
      response.mediaType === PROBLEM_MEDIA_TYPE && response.schema?.$ref === problemRef
        ? { ...response, schema: schemaRef(problemName) }
        : response,
    );
    route.doc = { ...route.doc, responses };
  }
}
