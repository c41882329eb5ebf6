/**
 * The status of each named `HttpError` subclass svc exports. The runtime classes pass these to
 * `super`, and the analyzer reads them to document `throw new NotFoundError(...)` under its status
 * (it sees only the classes' declarations, not their bodies).
 */
export const NAMED_HTTP_ERRORS = {
  BadRequestError: 400,
  UnauthorizedError: 401,
  ForbiddenError: 403,
  NotFoundError: 404,
  ConflictError: 409,
  UnprocessableEntityError: 422,
  TooManyRequestsError: 429,
  InternalServerError: 500,
} as const;

export type NamedHttpError = keyof typeof NAMED_HTTP_ERRORS;

export function namedHttpErrorStatus(name: string): number | undefined {
  return Object.hasOwn(NAMED_HTTP_ERRORS, name) ? NAMED_HTTP_ERRORS[name as NamedHttpError] : undefined;
}
