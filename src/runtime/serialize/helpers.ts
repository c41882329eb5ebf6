/**
 * The run-time helpers compiled serializers call: string quoting, the rich values, and the
 * general writer for values no schema describes. Every generated function receives this one
 * object and takes its members as locals, so a call costs no property lookup per request.
 */
import { stringifyRich } from '../response/json.js';

/**
 * A string as a JSON string. Short strings (most keys and values) are scanned by hand: when none
 * of their characters needs an escape (a control character, `"`, `\\`, or a surrogate, which
 * JSON.stringify writes as `\u` escapes when unpaired) they are quoted as they are, which costs
 * less than a call into the engine's JSON writer; anything else goes to JSON.stringify.
 */
export function quote(text: string): string {
  const length = text.length;
  if (length > 40) return JSON.stringify(text);
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code < 32 || code === 34 || code === 92 || (code >= 0xd800 && code <= 0xdfff))
      return JSON.stringify(text);
  }
  return '"' + text + '"';
}

/**
 * A value no schema describes (`unknown`, `any`, or one that does not match its type), as
 * `JSON.stringify` writes it, except that a bigint, Map or Set inside is written as the document
 * says rather than failing. Undefined where JSON has no value (undefined, a function, a symbol).
 */
export function anyValue(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof TypeError) return stringifyRich(value);
    throw error;
  }
}

/** `anyValue` where a value must be written (an array item, the whole answer): `null` for none. */
export function anyItem(value: unknown): string {
  return anyValue(value) ?? 'null';
}

/** `00` … `99`: two-digit fields of an ISO date without a padStart per field. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => (n < 10 ? '0' : '') + n);

/**
 * A `Date` as its ISO string, exactly as `toISOString` writes it (`null` for an invalid one, as
 * `toJSON` gives); a string as it is. Built from the UTC fields: in the bench's list of 100 rows,
 * `toISOString` alone was a third of the server's CPU time.
 */
export function writeDate(value: unknown): string {
  if (!(value instanceof Date)) return typeof value === 'string' ? quote(value) : anyItem(value);
  const year = value.getUTCFullYear();
  if (Number.isNaN(year)) return 'null';
  // Years outside 1000–9999 have a sign or fewer digits: the engine's own writer handles them.
  if (year < 1000 || year > 9999) return '"' + value.toISOString() + '"';
  const ms = value.getUTCMilliseconds();
  return (
    '"' +
    year +
    '-' +
    TWO_DIGITS[value.getUTCMonth() + 1] +
    '-' +
    TWO_DIGITS[value.getUTCDate()] +
    'T' +
    TWO_DIGITS[value.getUTCHours()] +
    ':' +
    TWO_DIGITS[value.getUTCMinutes()] +
    ':' +
    TWO_DIGITS[value.getUTCSeconds()] +
    '.' +
    (ms < 10 ? '00' : ms < 100 ? '0' : '') +
    ms +
    'Z"'
  );
}

export function writeUrl(value: unknown): string {
  if (value instanceof URL) return quote(value.href);
  return typeof value === 'string' ? quote(value) : anyItem(value);
}

/** A bigint as its digits; a plain number as JSON writes it. */
export function writeBigInt(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  return anyItem(value);
}

/** `Uint8Array` / `Buffer` / `ArrayBuffer` as base64 (`format: byte`); a string as it is. */
export function writeBytes(value: unknown): string {
  if (value instanceof Uint8Array)
    return '"' + Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') + '"';
  if (value instanceof ArrayBuffer) return '"' + Buffer.from(value).toString('base64') + '"';
  return typeof value === 'string' ? quote(value) : anyItem(value);
}

/** A Map's entries, or an object's own keys, as key/value pairs in their order. */
export function entriesOf(value: object): [string, unknown][] {
  if (value instanceof Map) return Array.from(value, ([key, item]) => [String(key), item]);
  return Object.entries(value);
}

export const SERIALIZE_HELPERS = {
  quote,
  anyValue,
  anyItem,
  writeDate,
  writeUrl,
  writeBigInt,
  writeBytes,
  entriesOf,
};

export type HelperName = keyof typeof SERIALIZE_HELPERS;
