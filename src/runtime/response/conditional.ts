/**
 * Conditional requests against the validators of an answer (RFC 9110 §13): `If-None-Match` and
 * `If-Modified-Since` turn a GET or HEAD into a 304; `If-Range` says whether a `Range` is served
 * as a part or the whole answer is sent again.
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface Validators {
  /** A weak entity tag, `W/"..."` (svc's are weak: docs/routing.md, "Files and downloads"). */
  etag: string;
  /** Files only: their modification time. */
  lastModified?: Date;
}

/** True when the client's copy is current: answer 304. `If-None-Match`, when sent, decides alone. */
export function isNotModified(headers: IncomingHttpHeaders, validators: Validators): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) return matchesAny(noneMatch, validators.etag);
  const since = headers['if-modified-since'];
  if (since === undefined || validators.lastModified === undefined) return false;
  const date = Date.parse(since);
  return !Number.isNaN(date) && wholeSeconds(validators.lastModified) <= date;
}

/**
 * `If-Range` given: the part is served only while the answer is the one the client has. An entity
 * tag must match strongly, which a weak tag never does (so svc's tags always send the whole answer);
 * a date must be the exact `Last-Modified`.
 */
export function rangeStillValid(ifRange: string | undefined, validators: Validators): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) {
    return !value.startsWith('W/') && !validators.etag.startsWith('W/') && value === validators.etag;
  }
  const date = Date.parse(value);
  return (
    validators.lastModified !== undefined &&
    !Number.isNaN(date) &&
    wholeSeconds(validators.lastModified) === date
  );
}

/** `If-None-Match: *` or a list of tags, compared weakly (the `W/` prefix does not count). */
function matchesAny(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const own = opaqueTag(etag);
  return header.split(',').some((tag) => opaqueTag(tag.trim()) === own);
}

function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/** HTTP dates have whole seconds: a file modified at 12:00:00.700 was "modified at 12:00:00". */
function wholeSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000) * 1000;
}
