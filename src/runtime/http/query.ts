/** The query string → a null-prototype record; a repeated key gives an array of its values. */
import { parse } from 'node:querystring';

export type QueryRecord = Record<string, string | string[]>;

export function parseQuery(raw: string): QueryRecord {
  if (raw === '') return Object.create(null) as QueryRecord;
  // node:querystring is fast, decodes '+' as space, tolerates malformed escapes and returns a
  // null-prototype object, so `__proto__` in a query cannot reach Object.prototype.
  return parse(raw) as QueryRecord;
}
