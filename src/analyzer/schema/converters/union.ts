/**
 * Any other union (`string | number`, `'a' | 2`, `User | string`) → `oneOf` of its members, or
 * `anyOf` when two members can match one value (`'a' | (string & {})`, `number | bigint`).
 * Literals of one kind are grouped into one enum schema and `true | false` into `boolean`, so
 * `'a' | 'b' | number` is `oneOf: [{type: string, enum: [a, b]}, {type: number}]`.
 */
import type ts from 'typescript';
import type { JsonSchema } from '../../../model/json-schema.js';
import { membersInSourceOrder } from '../source-order.js';
import type { ConversionContext, TypeConverter } from '../types.js';
import { literalSchema, literalValue, type LiteralValue } from './literal.js';
import { unionOf } from '../../../model/schema-union.js';

function memberSchemas(members: readonly ts.Type[], context: ConversionContext): JsonSchema[] {
  const literals = new Map<string, LiteralValue[]>();
  const slots: (JsonSchema | string)[] = [];
  for (const member of members) {
    const value = literalValue(member, context.checker);
    if (value === undefined) {
      slots.push(context.convert(member));
      continue;
    }
    const kind = typeof value;
    const group = literals.get(kind);
    if (group) group.push(value);
    else {
      literals.set(kind, [value]);
      slots.push(kind);
    }
  }
  return slots.map((slot) => (typeof slot === 'string' ? groupedLiterals(literals.get(slot) ?? []) : slot));
}

function groupedLiterals(values: LiteralValue[]): JsonSchema {
  const isBoolean = typeof values[0] === 'boolean';
  return isBoolean && new Set(values).size === 2 ? { type: 'boolean' } : literalSchema(values);
}

export const unionConverter: TypeConverter = {
  kind: 'union',
  supports: (type) => type.isUnion(),
  convert: (type, context) =>
    unionOf(memberSchemas(membersInSourceOrder(type as ts.UnionType, context), context), (name) =>
      context.component(name),
    ),
};
