/**
 * `T | null` → the schema of `T` that also admits null (`withNull`: a type array, or `anyOf` with
 * `{type: 'null'}` for a reference or a union); `T | undefined` → the schema of `T` (optionality
 * is the property's or parameter's business, not the schema's).
 */
import ts from '../../typescript.cjs';
import { withNull } from '../../../model/null-schema.js';
import type { TypeConverter } from '../types.js';
import { includesFlag, nonNullishMembers } from '../type-utils.js';

const NULLISH = ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void;

export const nullableConverter: TypeConverter = {
  kind: 'nullable',
  supports: (type) => type.isUnion() && includesFlag(type, NULLISH) && nonNullishMembers(type).length > 0,
  convert(type, context) {
    const schema = context.convert(context.checker.getNonNullableType(type));
    return includesFlag(type, ts.TypeFlags.Null) ? withNull(schema) : schema;
  },
};
