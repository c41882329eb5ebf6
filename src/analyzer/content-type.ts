/**
 * A handler's `@contentType` JSDoc tag: one media type (`image/png`), or a list of them separated
 * by spaces or commas, ranges allowed (`image/png image/jpeg`, `image/*`). Which answers may carry
 * which is decided by ./returns.ts.
 */
import ts from './typescript.cjs';
import { reportError, type AnalysisContext } from './context.js';

/** One media type, `type/subtype` and maybe parameters (RFC 9110 §8.3.1). */
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(?:\s*;\s*[\w!#$&^.+-]+=(?:[\w!#$&^.+-]+|"[^"]*"))*$/;
/** A range of media types: `image/*` or `*\/*`. */
const MEDIA_RANGE = /^(?:[\w!#$&^.+-]+|\*)\/\*$/;
/**
 * Between two listed types: a comma, or blanks before the next `type/` (so the blanks inside
 * `text/plain; charset=utf-8` stay with their type).
 */
const SEPARATOR = /\s*,\s*|\s+(?=[\w!#$&^.+*-]+\/)/;

/** What the tag declares: `types` as written, in order; `single` when it is one concrete type. */
export interface DeclaredContentType {
  types: string[];
  single: boolean;
}

/** The handler's `@contentType`, else undefined (absent, or reported as malformed). */
export function declaredContentType(
  context: AnalysisContext,
  method: ts.MethodDeclaration,
): DeclaredContentType | undefined {
  const tags = ts.getJSDocTags(method).filter((tag) => tag.tagName.text === 'contentType');
  if (tags.length === 0) return undefined;
  if (tags.length > 1) {
    reportContentType(context, method, 'is written more than once');
    return undefined;
  }
  const text = (ts.getTextOfJSDocComment(tags[0]?.comment) ?? '').trim();
  const types = text.split(SEPARATOR).filter((type) => type !== '');
  const wrong = types.find((type) => !MEDIA_TYPE.test(type) && !MEDIA_RANGE.test(type));
  if (types.length === 0 || wrong !== undefined) {
    reportContentType(context, method, `'${wrong ?? text}' is not a media type`);
    return undefined;
  }
  return { types, single: types.length === 1 && MEDIA_TYPE.test(types[0] as string) };
}

export function reportContentType(
  context: AnalysisContext,
  method: ts.MethodDeclaration,
  problem: string,
): void {
  reportError(context, 'SVC_ERR_INVALID_CONTENT_TYPE', `@contentType ${problem}`, method.name);
}
