/**
 * The path entry both routers hand out: the handlers of one path shape, by method, with the
 * `Allow` header value kept up to date as methods are added.
 */
import { SvcError } from '../errors/svc-error.js';
import type { PathEntry } from './types.js';

export class RouteEntry<T> implements PathEntry<T> {
  readonly handlers = new Map<string, T>();
  allow = 'OPTIONS';
  /** Method → who declared it (`UsersController.get (GET /u/:id)`), for the duplicate error. */
  readonly #owners = new Map<string, string>();

  /** `method` is upper case already. Throws `SVC_ERR_DUPLICATE_ROUTE` when it is taken. */
  add(method: string, pattern: string, value: T, label: string): void {
    const owner = `${label} (${method} ${pattern})`;
    const previous = this.#owners.get(method);
    if (previous !== undefined) {
      throw new SvcError(
        'SVC_ERR_DUPLICATE_ROUTE',
        `${owner} answers the same method and path shape as ${previous}; rename a path or a method`,
      );
    }
    this.#owners.set(method, owner);
    this.handlers.set(method, value);
    this.allow = allowHeader(this.handlers.keys());
  }
}

/** The declared methods, plus HEAD when GET is there, plus OPTIONS; sorted, comma-separated. */
function allowHeader(declared: Iterable<string>): string {
  const methods = new Set(declared);
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return [...methods].sort().join(', ');
}
