/** Percent-decoding of path parameters: a malformed escape is a 400, never a crash. */
import { FrameworkHttpError } from '../errors/problem.js';

/**
 * The prototype of every params record: empty and frozen, so a record inherits nothing (a
 * parameter named `__proto__` or `constructor` is just a key). Unlike `Object.create(null)`,
 * which V8 keeps in dictionary mode, `Object.create(PARAMS_PROTOTYPE)` is a fast object whose
 * properties, always added in the route's order, share one hidden class per route.
 */
const PARAMS_PROTOTYPE: object = Object.freeze(Object.create(null) as object);

/**
 * Decodes each raw path parameter into a record keyed by the route's parameter names.
 * One try around the whole loop: a bad escape anywhere rejects the request.
 */
export function decodePathParams(names: readonly string[], raw: readonly string[]): Record<string, string> {
  const params = Object.create(PARAMS_PROTOTYPE) as Record<string, string>;
  try {
    for (let i = 0; i < names.length; i++) {
      const value = raw[i] ?? '';
      params[names[i] as string] = value.includes('%') ? decodeURIComponent(value) : value;
    }
  } catch {
    throw new FrameworkHttpError('SVC_ERR_BAD_PATH', 'The request path has a malformed percent-encoding.');
  }
  return params;
}
