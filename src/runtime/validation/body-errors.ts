/**
 * The errors of an invalid body, in bounded time and size. The body's validator stopped at the
 * first error; a body of at most LISTED_BODY_VALUES values (objects, arrays and scalars, however
 * nested) is validated again by the validator that lists every error, and a larger one reports
 * that first error only: re-validating half a million wrong array items would list half a
 * million errors. Either way the answer lists at most MAX_LISTED_ERRORS entries, and one more
 * says what was left out.
 */
import type { ValidateFunction } from 'ajv';
import type { JsonSchema } from '../../model/json-schema.js';
import type { AjvContext } from './ajv-context.js';
import { translateErrors } from './ajv-errors.js';
import type { InputError } from './types.js';

/** Errors listed for one body at most: the rest are counted in one closing entry. */
export const MAX_LISTED_ERRORS = 20;

/** The largest body (in values) whose every error is looked for. */
export const LISTED_BODY_VALUES = 1000;

export interface FailedBody {
  /** The body (or the value at its key path). */
  value: unknown;
  /** JSON pointer of the key path, the prefix of every error's name. */
  pointer: string;
  /** The `first`-mode validator that refused the value, its error still in place. */
  validate: ValidateFunction;
  schema: JsonSchema;
  context: AjvContext;
}

export function bodyErrors(failed: FailedBody): InputError[] {
  const { value, pointer, context } = failed;
  const listsAll = hasAtMostValues(value, LISTED_BODY_VALUES);
  const validate = listsAll ? context.validator(failed.schema, 'all') : failed.validate;
  if (listsAll) validate(value);
  const errors = translateErrors(validate.errors ?? [], pointer, context, 'body', listsAll ? 'all' : 'first');
  // Every ajv error of the value may be one translation drops (`if`): the value still failed.
  if (errors.length === 0) errors.push({ in: 'body', name: pointer, message: 'is invalid' });
  const listed = errors.slice(0, MAX_LISTED_ERRORS);
  const note = listsAll ? moreErrorsNote(errors.length - listed.length) : FIRST_ERROR_NOTE;
  if (note !== undefined) listed.push({ in: 'body', name: pointer, message: note });
  return listed;
}

const FIRST_ERROR_NOTE = `may have more errors: a body of over ${LISTED_BODY_VALUES} values is checked up to its first error`;

function moreErrorsNote(more: number): string | undefined {
  if (more === 0) return undefined;
  return `has ${more} more error${more === 1 ? '' : 's'} (the first ${MAX_LISTED_ERRORS} are listed)`;
}

/**
 * Whether the value holds at most `limit` values below it: a walk that stops as soon as it has
 * counted more, so it takes at most `limit` steps whatever the body's size.
 */
function hasAtMostValues(root: unknown, limit: number): boolean {
  const pending: unknown[] = [root];
  let count = 0;
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      count += value.length;
      if (count > limit) return false;
      for (const item of value as unknown[]) pending.push(item);
      continue;
    }
    for (const key in value) {
      if (++count > limit) return false;
      pending.push((value as Record<string, unknown>)[key]);
    }
  }
  return true;
}
