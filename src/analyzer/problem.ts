/**
 * The 400 problem response every route with validated inputs documents (docs/errors.md). It is
 * put in the model's responses so the OpenAPI writer documents it like any other response.
 */
import type { ApiResponseModel, ParamModel } from '../model/app-model.js';
import { FRAMEWORK_STATUS, isValidatedSource } from '../model/framework-answers.js';
import { schemaRef, type JsonSchema } from '../model/json-schema.js';

export const PROBLEM_SCHEMA_NAME = 'ProblemDetails';
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

export const PROBLEM_DETAILS_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'An RFC 9457 problem; validation failures list each failing input in `errors`.',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          in: { type: 'string', enum: ['query', 'path', 'header', 'cookie', 'body'] },
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

export function invalidInputResponse(schemaName: string): ApiResponseModel {
  return {
    status: FRAMEWORK_STATUS.invalidInput,
    description: 'Invalid input',
    schema: schemaRef(schemaName),
    mediaType: PROBLEM_MEDIA_TYPE,
  };
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
