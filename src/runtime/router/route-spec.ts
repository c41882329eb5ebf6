/**
 * Validates one route declaration (method + pattern) for the routers and reduces the pattern to
 * its segments and its shape: the key under which routes share one path entry.
 */
import { SvcError } from '../errors/svc-error.js';
import { stripTrailingSlash } from '../../model/route-paths.js';

export interface PatternSegment {
  /** True for a `:param` segment. */
  readonly param: boolean;
  /** The literal text of a static segment, or the name of a parameter (without the `:`). */
  readonly text: string;
}

export interface RouteSpec {
  /** The method, upper case. */
  readonly method: string;
  /** The pattern without its trailing slash. */
  readonly path: string;
  readonly segments: readonly PatternSegment[];
  /** The pattern with every parameter written `:` (`/u/:id` → `/u/:`). */
  readonly shape: string;
  readonly isStatic: boolean;
}

/** RFC 9110 token characters: what an HTTP method may be made of. */
const METHOD_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Z-]+$/;
/** Characters that cannot be part of a request path the router sees (query, fragment, spaces). */
const FORBIDDEN_IN_PATTERN = /[?#\s]/;

/** Throws `SVC_ERR_INVALID_ROUTE` naming the handler when the method or the pattern is malformed. */
export function parseRouteSpec(method: string, pattern: string, label: string): RouteSpec {
  const upperMethod = method.toUpperCase();
  if (!METHOD_TOKEN.test(upperMethod)) {
    throw invalid(label, `method ${JSON.stringify(method)} is not a valid HTTP method name`);
  }
  const segments = parseSegments(pattern, label);
  const shape = '/' + segments.map((s) => (s.param ? ':' : s.text)).join('/');
  return {
    method: upperMethod,
    path: stripTrailingSlash(pattern),
    segments,
    shape,
    isStatic: segments.every((s) => !s.param),
  };
}

function parseSegments(pattern: string, label: string): PatternSegment[] {
  const where = `route path ${JSON.stringify(pattern)}`;
  if (!pattern.startsWith('/')) throw invalid(label, `${where} must start with "/"`);
  if (FORBIDDEN_IN_PATTERN.test(pattern))
    throw invalid(label, `${where} must not contain "?", "#" or spaces`);
  const path = stripTrailingSlash(pattern);
  if (path === '/') return [];
  const seen = new Set<string>();
  return path
    .slice(1)
    .split('/')
    .map((text) => {
      if (text === '') throw invalid(label, `${where} has an empty segment`);
      if (!text.startsWith(':')) return { param: false, text };
      const name = text.slice(1);
      if (name === '') throw invalid(label, `${where} has a ":" with no parameter name`);
      if (name.includes(':')) throw invalid(label, `${where} has a parameter name containing ":"`);
      if (seen.has(name)) throw invalid(label, `${where} declares the parameter :${name} twice`);
      seen.add(name);
      return { param: true, text: name };
    });
}

function invalid(label: string, problem: string): SvcError {
  return new SvcError('SVC_ERR_INVALID_ROUTE', `${label}: ${problem}`);
}
