/** Percent-decoding of path parameters: a malformed escape is a 400, never a crash. */
import { FrameworkHttpError } from '../errors/problem.js';

/**
 * The prototype of every params record: empty and frozen, so a record inherits nothing (a
 * parameter named `__proto__` or `constructor` is just a key). Unlike `Object.create(null)`,
 * which V8 keeps in dictionary mode, `Object.create(PARAMS_PROTOTYPE)` is a fast object whose
 * properties, always added in the route's order, share one hidden class per route.
 */
const PARAMS_PROTOTYPE: object = Object.freeze(Object.create(null) as object);

/** The record of a route without parameters: frozen, shared. */
const NO_PARAMS: Record<string, string> = Object.freeze(Object.create(PARAMS_PROTOTYPE)) as Record<
  string,
  string
>;

/**
 * The raw path parameter values, decoded: the same array when no value holds a `%` (the common
 * case: nothing is copied), else a decoded copy. Every value is checked here, bound or not, so a
 * bad escape anywhere in the path rejects the request.
 */
export function decodePathValues(raw: readonly string[]): readonly string[] {
  let decoded: string[] | undefined;
  for (let i = 0; i < raw.length; i++) {
    const value = raw[i] as string;
    if (value.includes('%')) (decoded ??= raw.slice())[i] = decodeOne(value);
  }
  return decoded ?? raw;
}

function decodeOne(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new FrameworkHttpError('SVC_ERR_BAD_PATH', 'The request path has a malformed percent-encoding.');
  }
}

/** The record `ctx.request.params` shows: decoded values keyed by the route's parameter names. */
export function paramsRecord(names: readonly string[], values: readonly string[]): Record<string, string> {
  if (names.length === 0) return NO_PARAMS;
  const params = Object.create(PARAMS_PROTOTYPE) as Record<string, string>;
  for (let i = 0; i < names.length; i++) params[names[i] as string] = values[i] ?? '';
  return params;
}

/** Decodes each raw path parameter into a record keyed by the route's parameter names. */
export function decodePathParams(names: readonly string[], raw: readonly string[]): Record<string, string> {
  return paramsRecord(names, decodePathValues(raw));
}
