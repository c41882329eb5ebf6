/**
 * The return type of a handler → how it goes on the wire (docs/routing.md) and its schema; its
 * `@contentType` JSDoc tag → the media type of the answer, on the wire and in the document.
 */
import ts from './typescript.cjs';
import type { ReturnModel, RouteKind } from '../model/app-model.js';
import type { AnalysisContext } from './context.js';
import { declaredContentType, reportContentType } from './content-type.js';
import { sseItemSchema } from './sse-items.js';
import { isSvcFile } from './svc-symbols.js';

const EMPTY = ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Never;
const ASYNC_ITERABLES = new Set([
  'AsyncIterable',
  'AsyncIterableIterator',
  'AsyncGenerator',
  'AsyncIterator',
]);
const BYTES = new Set(['Uint8Array', 'Buffer']);
/** Answers svc streams as they are (docs/routing.md, "Files and downloads"); `sendFile` gives a FileAnswer. */
const DOWNLOADS = new Set(['Blob', 'File', 'FileAnswer', 'ReadableStream', 'Readable']);
/** The downloads of known size: answered in part and conditionally. */
const SEEKABLE = new Set(['Blob', 'File', 'FileAnswer']);
const OCTET_STREAM = 'application/octet-stream';
const JSON_MEDIA_TYPE = /^application\/(?:[\w!#$&^.-]+\+)?json(?:\s*;|$)/i;
/** TypeScript's internal `TypeFlags.Primitive | TypeFlags.Never`, from the public flags. */
const PRIMITIVE_OR_NEVER =
  ts.TypeFlags.StringLike |
  ts.TypeFlags.NumberLike |
  ts.TypeFlags.BigIntLike |
  ts.TypeFlags.BooleanLike |
  ts.TypeFlags.EnumLike |
  ts.TypeFlags.ESSymbolLike |
  ts.TypeFlags.VoidLike |
  ts.TypeFlags.Null |
  ts.TypeFlags.Never;

export function extractReturn(
  context: AnalysisContext,
  method: ts.MethodDeclaration,
  kind: RouteKind,
): ReturnModel {
  const returns = returnOf(context, method, kind);
  const declared = declaredContentType(context, method);
  if (declared === undefined) return returns;
  if (kind !== 'http' || returns.kind === 'void' || returns.kind === 'stream') {
    reportContentType(context, method, 'is on a route that answers no body of its own');
  } else if (!declared.single) {
    declareSeveral(context, method, returns, declared.types);
  } else {
    declareOne(context, method, returns, declared.types[0] as string);
  }
  return returns;
}

/** One concrete type: the wire's and the document's, for any answer with a body. */
function declareOne(
  context: AnalysisContext,
  method: ts.MethodDeclaration,
  returns: ReturnModel,
  mediaType: string,
): void {
  if (returns.kind === 'json' && !JSON_MEDIA_TYPE.test(mediaType)) {
    reportContentType(context, method, `names ${mediaType}, but the answer is written as JSON`);
    return;
  }
  returns.mediaType = mediaType;
  if (returns.kind === 'bytes') returns.schema = { type: 'string', contentMediaType: mediaType };
}

/**
 * A list or a range: only for an answer that carries its own type (Blob, File, `sendFile`), which
 * the wire then sends; any other answer has none, and svc could not pick one of the list.
 */
function declareSeveral(
  context: AnalysisContext,
  method: ts.MethodDeclaration,
  returns: ReturnModel,
  types: string[],
): void {
  if (returns.kind === 'bytes' && returns.download === 'file') {
    returns.mediaTypes = types;
    return;
  }
  const answer = returns.kind === 'bytes' ? 'a stream or bytes' : `a ${returns.kind} answer`;
  reportContentType(
    context,
    method,
    `lists ${types.join(', ')}, but ${answer} carries no media type of its own, so the wire would ` +
      'not know which to send: declare one type, or answer a Blob, File or sendFile',
  );
}

function returnOf(context: AnalysisContext, method: ts.MethodDeclaration, kind: RouteKind): ReturnModel {
  const { checker } = context;
  const signature = checker.getSignatureFromDeclaration(method);
  if (!signature) return { kind: 'json', schema: {} };
  const declared = checker.getReturnTypeOfSignature(signature);
  const site = method.type ?? method.name;
  if (kind !== 'http') {
    const item = asyncItemType(checker, declared);
    if (!item) return { kind: 'stream', schema: {} };
    // SSE items may be svc's `SseEvent`s: the schema is then of their data, with the event names beside it.
    return {
      kind: 'stream',
      schema: kind === 'sse' ? sseItemSchema(context, item, site) : context.schemas.schemaFor(item, site),
    };
  }
  const type = awaitedType(checker, declared);
  const members = type.isUnion() ? type.types.filter((member) => !(member.flags & EMPTY)) : [type];
  if (members.length === 0 || members.every((member) => member.flags & EMPTY)) return { kind: 'void' };
  if (members.every((member) => member.flags & ts.TypeFlags.StringLike)) {
    return { kind: 'text', schema: context.schemas.schemaFor(type, site) };
  }
  if (members.every((member) => BYTES.has(member.getSymbol()?.getName() ?? ''))) {
    return { kind: 'bytes', schema: { type: 'string', contentMediaType: OCTET_STREAM } };
  }
  const downloads = members.map(downloadName);
  if (downloads.every((name) => name !== undefined)) {
    const download = downloads.every((name) => SEEKABLE.has(name)) ? 'file' : 'stream';
    return { kind: 'bytes', schema: { type: 'string', contentMediaType: OCTET_STREAM }, download };
  }
  return { kind: 'json', schema: context.schemas.schemaFor(type, site) };
}

/**
 * Whether the handler's (awaited) return type includes svc's `FileAnswer`: the route may answer
 * with `sendFile`, so a 404 when no file is at the path (`SVC_ERR_FILE_NOT_FOUND`).
 */
export function answersWithFile(context: AnalysisContext, method: ts.MethodDeclaration): boolean {
  const signature = context.checker.getSignatureFromDeclaration(method);
  if (!signature) return false;
  const type = awaitedType(context.checker, context.checker.getReturnTypeOfSignature(signature));
  const members = type.isUnion() ? type.types : [type];
  return members.some((member) => downloadName(member) === 'FileAnswer');
}

/**
 * The download a type is (`Blob`, `File`, svc's `FileAnswer`, a web `ReadableStream`, a node
 * `Readable`), also through its base classes (an `fs.ReadStream` is a `Readable`).
 */
function downloadName(type: ts.Type): string | undefined {
  const pending: ts.Type[] = [type];
  const seen = new Set<ts.Type>();
  for (let current = pending.pop(); current; current = pending.pop()) {
    if (seen.has(current)) continue;
    seen.add(current);
    const symbol = current.getSymbol();
    const name = symbol?.getName() ?? '';
    if (DOWNLOADS.has(name) && (name !== 'FileAnswer' || declaredBySvc(symbol))) return name;
    if (current.isClassOrInterface()) pending.push(...(current.getBaseTypes() ?? []));
  }
  return undefined;
}

function declaredBySvc(symbol: ts.Symbol | undefined): boolean {
  return (symbol?.getDeclarations() ?? []).some((d) => isSvcFile(d.getSourceFile().fileName));
}

/** `T` of `AsyncIterable<T>`, `AsyncGenerator<T>` and friends (also through `Promise<...>`). */
export function asyncItemType(checker: ts.TypeChecker, type: ts.Type): ts.Type | undefined {
  const awaited = awaitedType(checker, type);
  for (const candidate of [type, awaited, ...(awaited.getBaseTypes?.() ?? [])]) {
    const name = candidate.getSymbol()?.getName() ?? '';
    if (ASYNC_ITERABLES.has(name) && candidate.flags & ts.TypeFlags.Object) {
      return checker.getTypeArguments(candidate as ts.TypeReference)[0];
    }
  }
  return undefined;
}

/**
 * `checker.getAwaitedType(type)`, without asking the checker for types it returns unchanged.
 * Asking costs about ten assignability checks every time (TypeScript re-derives, in an
 * assertion, that a non-promise is not one: `createAwaitedTypeIfNeeded`), a third of a
 * 3000-route extraction's checker time and much of its garbage.
 */
function awaitedType(checker: ts.TypeChecker, type: ts.Type): ts.Type {
  return isOwnAwaitedType(checker, type) ? type : (checker.getAwaitedType(type) ?? type);
}

/**
 * True when awaiting `type` gives `type` (TypeScript's `getAwaitedTypeNoAlias`): a primitive, an
 * object type without a `then` member that is not generic (mapped and tuple types are asked
 * about), or a union of those. Anything else is left to the checker.
 */
function isOwnAwaitedType(checker: ts.TypeChecker, type: ts.Type): boolean {
  if (type.isUnion()) return type.types.every((member) => isOwnAwaitedType(checker, member));
  if (type.flags & PRIMITIVE_OR_NEVER) return true;
  if (!(type.flags & ts.TypeFlags.Object)) return false;
  if ((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Mapped || checker.isTupleType(type)) return false;
  return checker.getPropertyOfType(type, 'then') === undefined;
}
