/**
 * Dev mode only: a download whose route's `@contentType` lists several media types or a range
 * (`image/png image/jpeg`, `image/*`) is sent as its own type (Blob.type, `sendFile`'s `type`, else
 * by the file's extension). When that type is not one the list covers, or the answer has none,
 * the document does not tell the truth about this answer: reported, like a JSON value that does
 * not match its type (./dev-check.ts). The wire is never rewritten.
 */
import { acceptsMediaType, essence } from '../body/media-type.js';
import type { CheckedRoute } from './dev-check.js';
import { MAX_WARNINGS_PER_ROUTE } from './dev-check.js';
import { FileAnswer } from './file-answer.js';
import { mediaTypeOfPath, OCTET_STREAM } from './media-types.js';

/** The type the wire gives a Blob or `sendFile` answer under a list: its own, else none (''). */
export function ownMediaType(value: Blob | FileAnswer): string {
  if (value instanceof FileAnswer) return value.type ?? mediaTypeOfPath(value.path) ?? '';
  return value.type;
}

export function compileDownloadTypeCheck(
  route: CheckedRoute,
  declared: readonly string[],
  log: (line: string) => void,
): (value: unknown) => void {
  const prefix = `svc: warning: ${route.method} ${route.fullPath} (${route.label})`;
  const listed = `its @contentType (${declared.join(', ')})`;
  const accepted = declared.map((type) => essence(type));
  const seen = new Set<string>();
  return (value) => {
    if (!(value instanceof Blob) && !(value instanceof FileAnswer)) return;
    const own = ownMediaType(value);
    if (own !== '' && acceptsMediaType(accepted, essence(own))) return;
    if (seen.has(own) || seen.size > MAX_WARNINGS_PER_ROUTE) return;
    seen.add(own);
    if (seen.size > MAX_WARNINGS_PER_ROUTE) {
      log(`${prefix} answered more media types its @contentType does not list; further ones are not logged`);
      return;
    }
    log(
      own === ''
        ? `${prefix} answered a download with no media type of its own, which ${listed} cannot choose for it; it was sent as ${OCTET_STREAM}`
        : `${prefix} answered ${own}, which ${listed} does not cover; it was sent as ${own}`,
    );
  };
}
