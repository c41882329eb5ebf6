/**
 * The router contract. Every implementation passes the shared behaviour suite
 * (`test/router/router.behaviour.ts`). The router matches paths only; the runtime picks the
 * handler for the method from the matched entry, and answers HEAD, OPTIONS, 404 and 405 from it.
 */

/** All the routes that share one path shape (`/users/:id` and `/users/:userId` are one shape). */
export interface PathEntry<T> {
  /** Method (upper case) → value. */
  readonly handlers: ReadonlyMap<string, T>;
  /** Value for the `Allow` header: the declared methods, plus HEAD when GET exists, plus OPTIONS; sorted. */
  readonly allow: string;
}

/**
 * Treat a match as read-only: a router may hand the same frozen object to every request for a
 * static path (no allocation), and its `params` is then a frozen empty array.
 */
export interface PathMatch<T> {
  entry: PathEntry<T>;
  /** Raw (still percent-encoded) values of the `:param` segments, in pattern order. */
  params: string[];
}

export interface Router<T> {
  /**
   * Registers a value for a method on a pattern (`/api/users/:orgId/:id`). `label` names the
   * handler in the duplicate-route error (`UsersController.get`). Throws `SvcError`
   * `SVC_ERR_DUPLICATE_ROUTE` naming both handlers when the method and shape are taken, and
   * `SVC_ERR_INVALID_ROUTE` for a malformed pattern.
   */
  add(method: string, pattern: string, value: T, label: string): void;
  /**
   * The entry whose shape matches `path` (no query string), or undefined. Matching follows
   * docs/routing.md "Trailing slashes and matching rules": one trailing slash ignored (not on
   * the root), case-sensitive, a param takes exactly one non-empty segment, static segments beat
   * params at the same position with backtracking, empty segments never match.
   */
  match(path: string): PathMatch<T> | undefined;
}
