/** A single string, number or boolean literal type → `{type, const: value}`. */
import ts from '../../typescript.cjs';
import type { JsonSchema } from '../../../model/json-schema.js';
import type { TypeConverter } from '../types.js';

export type LiteralValue = string | number | boolean;

/** The JSON value of a literal type, or undefined when the type is not a literal. */
export function literalValue(type: ts.Type, checker: ts.TypeChecker): LiteralValue | undefined {
  if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
  if (type.flags & ts.TypeFlags.BooleanLiteral) return checker.typeToString(type) === 'true';
  return undefined;
}

/** One value → `{type, const}`; several of one kind → `{type, enum}` (in the order given). */
export function literalSchema(values: readonly LiteralValue[]): JsonSchema {
  const kind = typeof values[0];
  const type = kind === 'string' ? 'string' : kind === 'boolean' ? 'boolean' : 'number';
  return values.length === 1 ? { type, const: values[0] } : { type, enum: [...values] };
}

export const literalConverter: TypeConverter = {
  kind: 'literal',
  supports: (type, context) => literalValue(type, context.checker) !== undefined,
  convert: (type, context) => literalSchema([literalValue(type, context.checker) ?? '']),
};
