/** The return type of a handler → how it goes on the wire (docs/routing.md) and its schema. */
import ts from './typescript.cjs';
import type { ReturnModel, RouteKind } from '../model/app-model.js';
import type { AnalysisContext } from './context.js';
import { sseItemSchema } from './sse-items.js';

const EMPTY = ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Never;
const ASYNC_ITERABLES = new Set([
  'AsyncIterable',
  'AsyncIterableIterator',
  'AsyncGenerator',
  'AsyncIterator',
]);
const BYTES = new Set(['Uint8Array', 'Buffer']);
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
    return { kind: 'bytes', schema: { type: 'string', contentMediaType: 'application/octet-stream' } };
  }
  return { kind: 'json', schema: context.schemas.schemaFor(type, site) };
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
