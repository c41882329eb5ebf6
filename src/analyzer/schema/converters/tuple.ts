/**
 * A tuple `[A, B]` → `{type: array, items, minItems: 2, maxItems: 2}`. `items` is the one
 * element schema when all agree, else `oneOf` of the distinct ones. Optional elements lower
 * `minItems`; a rest element removes `maxItems`.
 */
import ts from 'typescript';
import type { JsonSchema } from '../../../model/json-schema.js';
import type { TypeConverter } from '../types.js';
import { distinctSchemas } from './schema-set.js';

export const tupleConverter: TypeConverter = {
  kind: 'tuple',
  supports: (type, context) => context.checker.isTupleType(type),
  convert(type, context) {
    const reference = type as ts.TypeReference;
    const target = reference.target as ts.TupleType;
    const elements = context.checker.getTypeArguments(reference).map((t) => context.convert(t));
    const distinct = distinctSchemas(elements);
    const items: JsonSchema =
      distinct.length === 1 && distinct[0] ? distinct[0] : distinct.length ? { oneOf: distinct } : {};
    const schema: JsonSchema = { type: 'array', items, minItems: target.minLength };
    if (!target.hasRestElement) schema.maxItems = target.fixedLength;
    return schema;
  },
};
