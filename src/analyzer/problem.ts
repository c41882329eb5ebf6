/**
 * The 400 problem response every route with validated inputs documents (docs/errors.md). It is
 * put in the model's responses so the OpenAPI writer documents it like any other response.
 */
import type { ApiResponseModel, ParamModel, RouteKind } from '../model/app-model.js';
import { FRAMEWORK_STATUS, SHARED_RESPONSES, type SharedResponseKey } from '../model/framework-answers.js';
import { schemaRef, type JsonSchema } from '../model/json-schema.js';
import { INPUT_LOCATIONS, isValidatedSource } from '../model/param-sources.js';
import { FRAMEWORK_ERROR_CHAINS, UNREADABLE_BODY_CHAIN } from './error-classes.js';

export const PROBLEM_SCHEMA_NAME = 'ProblemDetails';
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

export const PROBLEM_DETAILS_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'An RFC 9457 problem; validation failures list each failing input in `errors`.',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer', minimum: 100, maximum: 599 },
    detail: { type: 'string' },
    instance: {
      type: 'string',
      description: 'The request id of this occurrence (the `X-Request-Id` answered).',
    },
    details: { description: 'What an `HttpError` carried beside its message, when it is not a list.' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          in: { type: 'string', enum: [...INPUT_LOCATIONS] },
          name: { type: 'string' },
          message: { type: 'string' },
        },
        required: ['in', 'name', 'message'],
      },
    },
  },
  required: ['type', 'title', 'status', 'detail'],
};

export function hasValidatedInput(params: readonly ParamModel[]): boolean {
  return params.some((param) => isValidatedSource(param.source));
}

/** One of svc's own problem answers, written once under `components.responses`. */
export function sharedProblemResponse(key: SharedResponseKey, schemaName: string): ApiResponseModel {
  const response: ApiResponseModel = {
    status: FRAMEWORK_STATUS[key],
    description: SHARED_RESPONSES[key].description,
    schema: schemaRef(schemaName),
    mediaType: PROBLEM_MEDIA_TYPE,
    shared: key,
  };
  // The error behind it, for a catcher to catch (analyzer/catcher-answers.ts).
  const chain = FRAMEWORK_ERROR_CHAINS[key];
  if (chain) response.raisedBy = [[...chain]];
  return response;
}

/**
 * The answers svc gives on its own for a route of this shape, each unless the route documents its
 * status already: 400 for validated inputs, 413 and 415 for a JSON body, 426 for a WebSocket route
 * asked without the upgrade headers.
 */
export function addFrameworkResponses(
  responses: ApiResponseModel[],
  route: { params: readonly ParamModel[]; kind: RouteKind },
  schemaName: string,
): void {
  const keys: SharedResponseKey[] = [];
  const readsBody = route.params.some((param) => param.source === 'body');
  if (hasValidatedInput(route.params)) keys.push('invalidInput');
  if (readsBody) keys.push('bodyTooLarge', 'unsupportedMediaType');
  if (route.kind === 'websocket') keys.push('webSocketWithoutUpgrade');
  for (const key of keys) {
    const status = FRAMEWORK_STATUS[key];
    const documented = responses.find((response) => response.status === status);
    const chains = errorChains(key, readsBody);
    if (!documented) responses.push(withChains(sharedProblemResponse(key, schemaName), chains));
    // `@ApiResponse(400, {description})` re-describes the answer; a catcher still shapes it.
    else if (documented.describesOnly && chains)
      documented.raisedBy = [...(documented.raisedBy ?? []), ...chains];
  }
}

/**
 * `sendFile`'s 404, for a route whose return type includes `FileAnswer`: svc's shared answer,
 * unless the route has a 404 already. One its errors make (a `NotFoundError` it throws, an
 * `@ApiResponse(404)` that only describes) then stands for the missing file too, so a catcher that
 * shapes it is seen to shape both; one the route declares with its own type is left as declared.
 */
export function addFileNotFound(responses: ApiResponseModel[], schemaName: string): void {
  const shared = sharedProblemResponse('fileNotFound', schemaName);
  const documented = responses.find((response) => response.status === shared.status);
  if (!documented) responses.push(shared);
  else if (documented.describesOnly || documented.raisedBy)
    documented.raisedBy = [...(documented.raisedBy ?? []), ...(shared.raisedBy ?? [])];
}

function withChains(response: ApiResponseModel, chains: string[][] | undefined): ApiResponseModel {
  return chains ? { ...response, raisedBy: chains } : response;
}

/** The errors behind a shared answer: a route's 400 is also its unreadable body's, when it reads one. */
function errorChains(key: SharedResponseKey, readsBody: boolean): string[][] | undefined {
  const chain = FRAMEWORK_ERROR_CHAINS[key];
  if (!chain) return undefined;
  return key === 'invalidInput' && readsBody ? [[...chain], [...UNREADABLE_BODY_CHAIN]] : [[...chain]];
}

/**
 * `@ApiResponse(404, {description})` with no type: svc answers an `HttpError` with a problem
 * body, so that is what the document says the wire carries (not "no content"). The same for a
 * `type` that is an `HttpError` subclass, which `responseContent` leaves without a schema but
 * with the problem media type.
 */
export function documentErrorBodies(responses: ApiResponseModel[], schemaName: string): void {
  for (const response of responses) {
    const problemType = response.mediaType === PROBLEM_MEDIA_TYPE;
    if (response.schema || (response.status < 400 && !problemType)) continue;
    response.schema = schemaRef(schemaName);
    response.mediaType ??= PROBLEM_MEDIA_TYPE;
  }
}
