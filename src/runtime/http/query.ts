/**
 * The query string → a null-prototype record; a repeated key gives an array of its values. Keys
 * named `__proto__`, `constructor` or `prototype` are dropped (see prototype-keys.ts).
 */
import { parse } from 'node:querystring';
import { dropPrototypeKeys } from './prototype-keys.js';

export type QueryRecord = Record<string, string | string[]>;

export function parseQuery(raw: string): QueryRecord {
  if (raw === '') return Object.create(null) as QueryRecord;
  // node:querystring is fast, decodes '+' as space, tolerates malformed escapes and returns a
  // null-prototype object, so `__proto__` in a query cannot reach Object.prototype.
  return dropPrototypeKeys(parse(raw) as QueryRecord);
}
