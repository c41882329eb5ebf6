/** `@RateLimit`: on the `@App` class, a controller or a route; the nearest one wins. */
import type { RateLimitOptions } from '../rate-limit/options.js';
import { recordOfClass, recordOfMethod, type ClassOrMethodDecorator } from './targets.js';

/**
 * At most `limit` requests per `window` for each client (or each `key`); `false` on a route or a
 * controller opts it out of a limit written further out. Checked at start-up (and by the analyzer).
 */
export function RateLimit(options: RateLimitOptions | false): ClassOrMethodDecorator {
  return (target, propertyKey) => {
    const record =
      propertyKey === undefined ? recordOfClass(target as Function) : recordOfMethod(target, propertyKey);
    record.rateLimit = options;
  };
}
