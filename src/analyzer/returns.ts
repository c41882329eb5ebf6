/** The return type of a handler → how it goes on the wire (docs/routing.md) and its schema. */
import ts from './typescript.cjs';
import type { ReturnModel, RouteKind } from '../model/app-model.js';
import type { AnalysisContext } from './context.js';

const EMPTY = ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Never;
const ASYNC_ITERABLES = new Set([
  'AsyncIterable',
  'AsyncIterableIterator',
  'AsyncGenerator',
  'AsyncIterator',
]);
const BYTES = new Set(['Uint8Array', 'Buffer']);

export function extractReturn(
  context: AnalysisContext,
  method: ts.MethodDeclaration,
  kind: RouteKind,
): ReturnModel {
  const { checker } = context;
  const signature = checker.getSignatureFromDeclaration(method);
  if (!signature) return { kind: 'json', schema: {} };
  const declared = checker.getReturnTypeOfSignature(signature);
  const site = method.type ?? method.name;
  if (kind !== 'http') {
    const item = asyncItemType(checker, declared);
    return { kind: 'stream', schema: item ? context.schemas.schemaFor(item, site) : {} };
  }
  const type = checker.getAwaitedType(declared) ?? declared;
  const members = type.isUnion() ? type.types.filter((member) => !(member.flags & EMPTY)) : [type];
  if (members.length === 0 || members.every((member) => member.flags & EMPTY)) return { kind: 'void' };
  if (members.every((member) => member.flags & ts.TypeFlags.StringLike)) {
    return { kind: 'text', schema: context.schemas.schemaFor(type, site) };
  }
  if (members.every((member) => BYTES.has(member.getSymbol()?.getName() ?? ''))) {
    return { kind: 'bytes', schema: { type: 'string', format: 'binary' } };
  }
  return { kind: 'json', schema: context.schemas.schemaFor(type, site) };
}

/** `T` of `AsyncIterable<T>`, `AsyncGenerator<T>` and friends (also through `Promise<...>`). */
export function asyncItemType(checker: ts.TypeChecker, type: ts.Type): ts.Type | undefined {
  const awaited = checker.getAwaitedType(type) ?? type;
  for (const candidate of [type, awaited, ...(awaited.getBaseTypes?.() ?? [])]) {
    const name = candidate.getSymbol()?.getName() ?? '';
    if (ASYNC_ITERABLES.has(name) && candidate.flags & ts.TypeFlags.Object) {
      return checker.getTypeArguments(candidate as ts.TypeReference)[0];
    }
  }
  return undefined;
}
