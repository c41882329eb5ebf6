/**
 * Route path helpers shared by the runtime and the routers: joining the app prefix, controller
 * path and route path into one pattern, reading its parameter names, and the trailing-slash rule.
 */

const SLASH = 47; // '/'

/**
 * Joins the app prefix, the controller base path and the route path with single slashes: a
 * leading slash, no trailing slash, no empty segments (`('/api', 'users/:orgId', '')` →
 * `/api/users/:orgId`; `('', '', '')` → `/`).
 */
export function joinRoutePath(prefix: string, controllerPath: string, routePath: string): string {
  const segments: string[] = [];
  for (const part of [prefix, controllerPath, routePath]) {
    for (const segment of part.split('/')) {
      if (segment !== '') segments.push(segment);
    }
  }
  return '/' + segments.join('/');
}

/** The names of the `:param` segments of a pattern, in order (`/u/:orgId/:id` → `['orgId', 'id']`). */
export function paramNames(pattern: string): string[] {
  const names: string[] = [];
  for (const segment of pattern.split('/')) {
    if (segment.startsWith(':')) names.push(segment.slice(1));
  }
  return names;
}

/**
 * Drops one trailing slash from a path that has a segment before it (`/api/books/` →
 * `/api/books`). The root `/` stays as it is, and so does `//` (an empty segment, never a match).
 */
export function stripTrailingSlash(path: string): string {
  return path.length > 2 && path.charCodeAt(path.length - 1) === SLASH ? path.slice(0, -1) : path;
}
