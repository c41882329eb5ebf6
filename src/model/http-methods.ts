/**
 * What a user-defined HTTP method may be called. `defineMethod` checks names against it, and
 * a request on the custom-method path whose method does not have this shape is refused with
 * 400 (a lower-case `get` is not `GET` to svc, but a proxy in front may think it is).
 */
export const CUSTOM_METHOD_NAME = /^[A-Z][A-Z0-9_-]*$/;

/**
 * The methods of RFC 9110, PATCH and QUERY (`@QueryMethod`): on a known path, any of them that the
 * path does not answer is a 405 with `Allow`, whether or not another route of the app uses it.
 * Other method tokens that no route declares are a 501.
 */
export const STANDARD_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'CONNECT',
  'QUERY',
]);
