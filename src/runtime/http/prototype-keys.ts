/**
 * Names svc never takes from request text as keys. On a plain object, `object['__proto__'] = v`
 * replaces the prototype, and `constructor`/`prototype` shadow what code expects to find there;
 * a record of request text that carries them hands that hazard to any code that copies it
 * (`Object.assign({}, ctx.request.query)`). So they are left out of every record svc parses
 * (query, cookies) and every object it builds for a handler (a whole-object `@Query()`).
 */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Removes the prototype keys from a freshly parsed record, in place. */
export function dropPrototypeKeys<T extends object>(record: T): T {
  const values = record as Record<string, unknown>;
  // Three hash lookups on a record that almost never has any of them.
  if ('__proto__' in values) delete values['__proto__'];
  if ('constructor' in values) delete values['constructor'];
  if ('prototype' in values) delete values['prototype'];
  return record;
}
