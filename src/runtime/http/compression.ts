/**
 * Compression of JSON and text answers of 1 KiB or more, with node:zlib: brotli or gzip, as the
 * request's `Accept-Encoding` prefers (q-values; brotli on a tie, it is smaller). Only
 * `writeOut` uses it, so SSE, WebSocket and octet-stream answers are never compressed.
 */
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Smaller answers are sent as they are: the saving does not pay for the CPU or the header. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli quality 4 compresses JSON about as well as gzip level 6 at a fraction of the time of
 * brotli's default 11, which is meant for static assets compressed once.
 */
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};

/** Whether answers of this content type are compressed: text and JSON (problem+json included). */
export function isCompressible(contentType: string): boolean {
  if (contentType.startsWith('text/')) return !contentType.startsWith('text/event-stream');
  const semi = contentType.indexOf(';');
  const type = semi === -1 ? contentType : contentType.slice(0, semi);
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** The encoding `Accept-Encoding` prefers among br and gzip, or undefined for none. */
export function chooseEncoding(accept: string | undefined): Encoding | undefined {
  if (accept === undefined || accept === '') return undefined;
  let br = -1;
  let gzip = -1;
  let wildcard = -1;
  for (const part of accept.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = (rawName ?? '').trim().toLowerCase();
    const q = qValue(params);
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = Math.max(gzip, q);
    else if (name === '*') wildcard = q;
  }
  if (br === -1) br = wildcard;
  if (gzip === -1) gzip = wildcard;
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

function qValue(params: readonly string[]): number {
  for (const param of params) {
    const [key, value] = param.split('=');
    if (key?.trim().toLowerCase() === 'q') {
      const q = Number(value?.trim());
      return Number.isFinite(q) && q >= 0 && q <= 1 ? q : 0;
    }
  }
  return 1;
}

export function compress(payload: string | Uint8Array, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(payload, BROTLI_OPTIONS) : gzipSync(payload);
}

/** The same on libuv's thread pool, for large answers. */
export function compressLater(
  payload: string | Uint8Array,
  encoding: Encoding,
  done: (error: Error | null, body: Buffer) => void,
): void {
  if (encoding === 'br') brotliCompress(payload, BROTLI_OPTIONS, done);
  else gzip(payload, done);
}
