/**
 * RFC 9457 problem details: the one shape of every error svc answers with.
 * Framework errors use a stable `urn:svc:error:<code>` type; user `HttpError`s use `about:blank`.
 */
import { STATUS_CODES } from 'node:http';
import { ERROR_CODES, type ErrorCode, type ErrorCodeInfo } from './catalogue.js';
import { HttpError } from './http-error.js';
import type { InputError } from '../validation/types.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: unknown[];
  [extension: string]: unknown;
}

/**
 * An error the framework answers with: carries its catalogue code, so the problem body and
 * the documentation come from the same place. Thrown inside the request path and turned into
 * a response by the pipeline (catchers see it like any other error).
 */
export class FrameworkHttpError extends HttpError {
  constructor(
    readonly code: ErrorCode,
    detail: string,
    readonly errors?: InputError[],
    readonly headers?: Record<string, string>,
  ) {
    super(statusOf(code), detail, errors);
  }
}

function statusOf(code: ErrorCode): number {
  const info: ErrorCodeInfo = ERROR_CODES[code];
  return info.status ?? 500;
}

export function problemType(code: ErrorCode): string {
  return `urn:svc:error:${code}`;
}

/** The problem for a catalogue code. */
export function frameworkProblem(code: ErrorCode, detail: string, errors?: InputError[]): Problem {
  const problem: Problem = {
    type: problemType(code),
    title: ERROR_CODES[code].title,
    status: statusOf(code),
    detail,
  };
  if (errors) problem.errors = errors;
  return problem;
}

/** The problem for an error a handler or component threw. */
export function httpErrorProblem(error: HttpError): Problem {
  if (error instanceof FrameworkHttpError) return frameworkProblem(error.code, error.message, error.errors);
  const problem: Problem = {
    type: 'about:blank',
    title: STATUS_CODES[error.status] ?? 'Error',
    status: error.status,
    detail: error.message,
  };
  if (Array.isArray(error.details)) problem.errors = error.details;
  else if (error.details !== undefined) problem.details = error.details;
  return problem;
}

/** The 500 problem; the stack only in dev mode. */
export function internalProblem(error: unknown, dev: boolean): Problem {
  const problem = frameworkProblem('SVC_ERR_INTERNAL', 'An unexpected error occurred.');
  if (dev && error instanceof Error) {
    problem.detail = error.message;
    problem.stack = error.stack;
  }
  return problem;
}
