/**
 * Dev mode only: warns when a handler's value does not match the route's declared return type.
 * Built once per route at start-up (outside dev mode it is never built, so production pays
 * nothing). Each distinct problem is logged once per route, so a route that is wrong on every
 * request does not flood the log.
 */
import type { JsonSchema } from '../../model/json-schema.js';
import { compileResponseCheck } from '../validation/index.js';

export interface CheckedRoute {
  method: string;
  fullPath: string;
  /** `Controller.method`. */
  label: string;
}

/** Distinct problems logged per route before the route goes quiet. */
export const MAX_WARNINGS_PER_ROUTE = 20;

const SCHEMA_PREFIX = 'does not match its declared schema: ';

export function compileDevResponseCheck(
  route: CheckedRoute,
  schema: JsonSchema,
  schemas: Record<string, JsonSchema>,
  log: (line: string) => void,
): (value: unknown) => void {
  const prefix = `svc: warning: ${route.method} ${route.fullPath} (${route.label})`;
  const check = compileResponseCheck(schema, schemas);
  const seen = new Set<string>();
  return (value) => {
    const found = check(value);
    if (found === undefined || seen.has(found) || seen.size > MAX_WARNINGS_PER_ROUTE) return;
    seen.add(found);
    if (seen.size > MAX_WARNINGS_PER_ROUTE) {
      log(`${prefix} returned more mismatching values; further ones are not logged`);
      return;
    }
    const problem = found.startsWith(SCHEMA_PREFIX) ? found.slice(SCHEMA_PREFIX.length) : found;
    log(`${prefix} returned a value that does not match its declared type: ${problem}`);
  };
}
