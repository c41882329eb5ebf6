/**
 * The error behind svc's validation 400: inputs that are missing or do not match their declared
 * types. Exported so an app can catch it like any other error (`@Catch(ValidationError)`) and
 * answer in its own shape; uncaught, it is the `SVC_ERR_VALIDATION` problem.
 */
import type { InputError } from '../validation/types.js';
import { FrameworkHttpError } from './problem.js';

export class ValidationError extends FrameworkHttpError {
  /** Every failing input: where it is (`in`), its name, and what is wrong with it. */
  declare readonly details: InputError[];

  constructor(detail: string, errors: InputError[]) {
    super('SVC_ERR_VALIDATION', detail, errors);
  }
}
