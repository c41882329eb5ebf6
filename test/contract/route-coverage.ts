/** Compares the server's route table with the operations of a written document. */
import type { RouteInfo } from '../../src/runtime/app-types.js';
import { documentedOperations, type OpenApiDoc } from './openapi-client.js';

/** `METHOD /full/path/:name` for every route the server serves. */
export function servedRoutes(routes: readonly RouteInfo[]): string[] {
  return routes.map((route) => `${route.method} ${route.path}`).sort();
}

/** The same shape for every operation of the document (prefix put back, `{name}` → `:name`). */
export function documentedRoutes(document: OpenApiDoc): string[] {
  const prefix = (document.servers?.[0]?.url ?? '').replace(/\/$/, '');
  return documentedOperations(document)
    .map(({ method, path }) => `${method} ${prefix}${path.replace(/\{([^}]+)\}/g, ':$1')}`)
    .sort();
}
