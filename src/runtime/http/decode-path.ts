/** Percent-decoding of path parameters: a malformed escape is a 400, never a crash. */
import { FrameworkHttpError } from '../errors/problem.js';

/**
 * Decodes each raw path parameter into a record keyed by the route's parameter names.
 * One try around the whole loop: a bad escape anywhere rejects the request.
 */
export function decodePathParams(names: readonly string[], raw: readonly string[]): Record<string, string> {
  const params: Record<string, string> = Object.create(null);
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
