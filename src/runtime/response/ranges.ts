/**
 * The `Range` header of a request for an answer of known size (RFC 9110 §14): one range of bytes,
 * `bytes=a-b`, `bytes=a-` or `bytes=-n`. What svc does not serve as a part is answered whole: a
 * header it cannot read, another unit, several ranges (docs/routing.md, "Files and downloads").
 */

/** The first and last byte of the part, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A part; `whole` for the whole answer (200); `unsatisfiable` for a range past the end (416). */
export type RangeRequest = ByteRange | 'whole' | 'unsatisfiable';

const ONE_RANGE = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/;

export function readRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return 'whole';
  const match = ONE_RANGE.exec(header);
  if (match === null) return 'whole';
  const [, first = '', last = ''] = match;
  if (first === '') return last === '' ? 'whole' : suffixRange(Number(last), size);
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return 'whole';
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** `bytes=-n`: the last n bytes (all of them when n is larger); none is unsatisfiable. */
function suffixRange(length: number, size: number): RangeRequest {
  if (length === 0 || size === 0) return 'unsatisfiable';
  return { start: Math.max(0, size - length), end: size - 1 };
}
