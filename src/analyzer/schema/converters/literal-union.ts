/**
 * A union of literals of one kind (`'a' | 'b'`, `1 | 2`, enum members of one enum) →
 * `{type, enum: [...]}` in declaration order. `true | false` is `boolean` and never gets here.
 */
import type ts from 'typescript';
import { membersInSourceOrder } from '../source-order.js';
import type { ConversionContext, TypeConverter } from '../types.js';
import { literalSchema, literalValue, type LiteralValue } from './literal.js';

/** The literal values of a union when all members are literals of one JSON kind. */
export function sameKindLiterals(type: ts.Type, context: ConversionContext): LiteralValue[] | undefined {
  if (!type.isUnion()) return undefined;
  const values = membersInSourceOrder(type, context).map((t) => literalValue(t, context.checker));
  if (values.some((v) => v === undefined)) return undefined;
  const kinds = new Set(values.map((v) => typeof v));
  return kinds.size === 1 ? (values as LiteralValue[]) : undefined;
}

export const literalUnionConverter: TypeConverter = {
  kind: 'literal-union',
  supports: (type, context) => sameKindLiterals(type, context) !== undefined,
  convert: (type, context) => literalSchema(sameKindLiterals(type, context) ?? []),
};
