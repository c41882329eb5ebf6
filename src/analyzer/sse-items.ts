/**
 * The item schema of an `@SSE` route whose item type holds svc's `SseEvent<T, E>`
 * (docs/streams.md, "Event names, ids and retry"): the schema of the data the items carry, which
 * the runtime's serializer writes an event's data with as it writes a plain item, and beside it
 * which data goes with which event names (src/model/sse-events.ts). Without `SseEvent` the item
 * type's own schema, as for any stream.
 */
import ts from './typescript.cjs';
import type { JsonSchema } from '../model/json-schema.js';
import { withSseItems, type SseEventKind, type SseItems } from '../model/sse-events.js';
import type { AnalysisContext } from './context.js';
import { unionOf } from '../model/schema-union.js';
import { isSvcClassType } from './svc-symbols.js';

/** Items of these types send nothing a client sees: `undefined` items, events without data lines. */
const NOTHING = ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Never;

export function sseItemSchema(context: AnalysisContext, item: ts.Type, site: ts.Node): JsonSchema {
  const members = item.isUnion() ? item.types : [item];
  if (!members.some(isSseEvent)) return context.schemas.schemaFor(item, site);
  const { checker } = context;
  const written = writtenPositions(checker, writtenTypeNode(item, site));
  const events: SseEventKind[] = [];
  const plain: ts.Type[] = [];
  for (const member of inWrittenOrder(members, written)) {
    if (!isSseEvent(member)) {
      if (!(member.flags & NOTHING)) plain.push(member);
      continue;
    }
    const [data, names] = checker.getTypeArguments(member as ts.TypeReference);
    if (!data || data.flags & NOTHING) continue;
    const kind: SseEventKind = { data: context.schemas.schemaFor(data, site) };
    const known = names && eventNames(names, written);
    if (known) kind.names = known;
    events.push(kind);
  }
  const plainSchemas = plainMembers(checker, plain).map((member) => context.schemas.schemaFor(member, site));
  const lookup = (name: string): JsonSchema | undefined => context.schemas.component(name);
  const items: SseItems = { events };
  if (plainSchemas.length > 0) items.plain = unionOf(plainSchemas, lookup);
  return withSseItems(unionOf([...events.map((kind) => kind.data), ...plainSchemas], lookup), items);
}

/** svc's own `SseEvent` class (a generic reference), never a user's class of that name. */
function isSseEvent(type: ts.Type): boolean {
  const reference = (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference;
  return (type.flags & ts.TypeFlags.Object) !== 0 && reference !== 0 && isSvcClassType(type, 'SseEvent');
}

/** `E`'s names when it is a string literal or a union of them; undefined for `string` and the like. */
function eventNames(type: ts.Type, written: Map<ts.Type, number>): string[] | undefined {
  const parts = type.isUnion() ? inWrittenOrder(type.types, written) : [type];
  if (!parts.every((part) => part.isStringLiteral())) return undefined;
  return parts.map((part) => (part as ts.StringLiteralType).value);
}

/** The checker splits `boolean` into `false | true`: put it back, so it is `{type: boolean}`. */
function plainMembers(checker: ts.TypeChecker, members: ts.Type[]): ts.Type[] {
  const booleans = members.filter((member) => member.flags & ts.TypeFlags.BooleanLiteral);
  if (booleans.length < 2) return members;
  const rest = members.filter((member) => !(member.flags & ts.TypeFlags.BooleanLiteral));
  return [...rest, checker.getBooleanType()];
}

/** Where the item union was written: on its alias, else in the handler's return type. */
function writtenTypeNode(item: ts.Type, site: ts.Node): ts.TypeNode | undefined {
  const alias = item.aliasSymbol?.getDeclarations()?.[0];
  if (alias && ts.isTypeAliasDeclaration(alias)) return alias.type;
  return ts.isTypeNode(site) ? site : undefined;
}

/**
 * Where each type is first written inside `node`: the checker orders union members by internal
 * type id, and the document and client should follow the source instead.
 */
function writtenPositions(checker: ts.TypeChecker, node: ts.TypeNode | undefined): Map<ts.Type, number> {
  const positions = new Map<ts.Type, number>();
  const visit = (current: ts.Node): void => {
    if (ts.isTypeNode(current)) {
      const type = checker.getTypeFromTypeNode(current);
      if (!positions.has(type)) positions.set(type, current.pos);
    }
    ts.forEachChild(current, visit);
  };
  if (node) visit(node);
  return positions;
}

/** Written members first, in written order; the others after them, in the checker's order. */
function inWrittenOrder(types: readonly ts.Type[], written: Map<ts.Type, number>): ts.Type[] {
  const at = (type: ts.Type): number => written.get(type) ?? Number.MAX_SAFE_INTEGER;
  return [...types].sort((a, b) => at(a) - at(b));
}
