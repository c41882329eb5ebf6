/**
 * `T | null` → the schema of `T` with `nullable: true`; `T | undefined` → the schema of `T`
 * (optionality is the property's or parameter's business, not the schema's). A `$ref` cannot
 * carry siblings in OpenAPI 3.0, so a nullable reference becomes `{allOf: [ref], nullable: true}`.
 */
import ts from '../../typescript.cjs';
import type { JsonSchema } from '../../../model/json-schema.js';
import type { TypeConverter } from '../types.js';
import { includesFlag, nonNullishMembers } from '../type-utils.js';

const NULLISH = ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void;

export const nullableConverter: TypeConverter = {
  kind: 'nullable',
  supports: (type) => type.isUnion() && includesFlag(type, NULLISH) && nonNullishMembers(type).length > 0,
  convert(type, context) {
    const schema = context.convert(context.checker.getNonNullableType(type));
    return includesFlag(type, ts.TypeFlags.Null) ? makeNullable(schema) : schema;
  },
};

export function makeNullable(schema: JsonSchema): JsonSchema {
  if (Object.keys(schema).length === 0) return schema; // `{}` already admits null
  if (schema.$ref !== undefined) return { allOf: [schema], nullable: true };
  return { ...schema, nullable: true };
}
