/** Media types as bodies and parts declare them, matched against what a route or field accepts. */
import { FrameworkHttpError } from '../errors/problem.js';

/** `Multipart/Form-Data; boundary=x` → `multipart/form-data`; absent → `''`. */
export function essence(header: string | undefined): string {
  if (header === undefined) return '';
  const semi = header.indexOf(';');
  return (semi === -1 ? header : header.slice(0, semi)).trim().toLowerCase();
}

/** Whether `type` is one of `accepted`: exact, `image/*` for any image, or `*\/*`. */
export function acceptsMediaType(accepted: readonly string[], type: string): boolean {
  return accepted.some((pattern) => {
    const wanted = pattern.toLowerCase();
    if (wanted === '*/*' || wanted === type) return true;
    return wanted.endsWith('/*') && type.startsWith(wanted.slice(0, -1));
  });
}

/** 415: `what` names the body or the field (`field 'photo'`). */
export function unsupportedMediaType(
  what: string,
  got: string,
  accepted: readonly string[],
): FrameworkHttpError {
  const shown = got === '' ? 'none' : `'${got}'`;
  return new FrameworkHttpError(
    'SVC_ERR_UNSUPPORTED_MEDIA_TYPE',
    `Expected ${what} of type ${accepted.join(', ')}, got ${shown}.`,
  );
}
