/** Errors a handler or component throws to answer with a status. */
import { NAMED_HTTP_ERRORS } from '../../model/http-errors.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message = 'Bad Request', details?: unknown) {
    super(NAMED_HTTP_ERRORS.BadRequestError, message, details);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Unauthorized', details?: unknown) {
    super(NAMED_HTTP_ERRORS.UnauthorizedError, message, details);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'Forbidden', details?: unknown) {
    super(NAMED_HTTP_ERRORS.ForbiddenError, message, details);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'Not Found', details?: unknown) {
    super(NAMED_HTTP_ERRORS.NotFoundError, message, details);
  }
}
export class ConflictError extends HttpError {
  constructor(message = 'Conflict', details?: unknown) {
    super(NAMED_HTTP_ERRORS.ConflictError, message, details);
  }
}
export class UnprocessableEntityError extends HttpError {
  constructor(message = 'Unprocessable Entity', details?: unknown) {
    super(NAMED_HTTP_ERRORS.UnprocessableEntityError, message, details);
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(message = 'Too Many Requests', details?: unknown) {
    super(NAMED_HTTP_ERRORS.TooManyRequestsError, message, details);
  }
}
export class InternalServerError extends HttpError {
  constructor(message = 'Internal Server Error', details?: unknown) {
    super(NAMED_HTTP_ERRORS.InternalServerError, message, details);
  }
}
