/**
 * One answer of the reference page held in memory: its bytes, type, validator and cache policy,
 * and the one function that writes it (GET or HEAD, 304 when the client's copy is current).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeOut } from '../response/send.js';

export interface StaticFile {
  body: Buffer;
  contentType: string;
  /** A strong validator from the content, so a changed document is never served from a cache. */
  etag: string;
  cacheControl: string;
}

/** Fixed files (Swagger UI's own) may be reused for a day, revalidated by their ETag after. */
export const ASSET_CACHE = 'public, max-age=86400';
/** The page and the document change with the app: revalidate on every use (a 304 costs no body). */
export const REVALIDATE = 'no-cache';

export function staticFile(body: Buffer | string, contentType: string, cacheControl: string): StaticFile {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  return { body: bytes, contentType, etag: `"${hash}"`, cacheControl };
}

export function sendStaticFile(req: IncomingMessage, res: ServerResponse, file: StaticFile): void {
  const headers = { etag: file.etag, 'cache-control': file.cacheControl, 'content-type': file.contentType };
  if (clientHasCopy(req.headers['if-none-match'], file.etag)) {
    writeOut(res, true, 304, headers, undefined, undefined);
    return;
  }
  writeOut(res, req.method === 'HEAD', 200, headers, file.contentType, file.body);
}

/** `If-None-Match` holds a list of validators (or `*`); weak ones compare by their opaque part. */
function clientHasCopy(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
