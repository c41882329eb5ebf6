/**
 * The media type of a file sent by path when neither `sendFile`'s `type` nor the route's
 * `@contentType` names one: by its extension, from a short list of the common ones, else
 * `application/octet-stream` (docs/routing.md, "Files and downloads").
 */
import { extname } from 'node:path';

export const OCTET_STREAM = 'application/octet-stream';

const BY_EXTENSION: Readonly<Record<string, string>> = {
  '.avif': 'image/avif',
  '.css': 'text/css; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.gif': 'image/gif',
  '.gz': 'application/gzip',
  '.htm': 'text/html; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.ico': 'image/vnd.microsoft.icon',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.md': 'text/markdown; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.tar': 'application/x-tar',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webm': 'video/webm',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml',
  '.zip': 'application/zip',
};

export function mediaTypeOfPath(path: string): string | undefined {
  return BY_EXTENSION[extname(path).toLowerCase()];
}

/** A text type of text svc encodes (a string answer) says so: `text/csv` → `text/csv; charset=utf-8`. */
export function withCharset(type: string): string {
  return type.startsWith('text/') && !/;\s*charset=/i.test(type) ? `${type}; charset=utf-8` : type;
}
