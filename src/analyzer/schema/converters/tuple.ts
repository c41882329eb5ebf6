/**
 * A tuple → `{type: array, prefixItems, items, minItems}`: `[A, B]` is `prefixItems: [A, B]`
 * with `items: false` (nothing after them); `[A, ...B[]]` is `prefixItems: [A]` with
 * `items: B`. Optional elements lower `minItems`. When fixed elements follow a rest element
 * (`[...A[], B]`), no position is fixed: `items` is the union of the distinct element schemas
 * (`oneOf`, or `anyOf` when they overlap).
 */
import ts from '../../typescript.cjs';
import type { JsonSchema } from '../../../model/json-schema.js';
import { unionOf } from '../../../model/schema-union.js';
import type { ConversionContext, TypeConverter } from '../types.js';

export const tupleConverter: TypeConverter = {
  kind: 'tuple',
  supports: (type, context) => context.checker.isTupleType(type),
  convert(type, context) {
    const reference = type as ts.TypeReference;
    const target = reference.target as ts.TupleType;
    const elements = context.checker.getTypeArguments(reference).map((t) => context.convert(t));
    const schema: JsonSchema = { type: 'array' };
    const firstRest = target.elementFlags.findIndex((flags) => (flags & ts.ElementFlags.Variable) !== 0);
    if (firstRest === -1) {
      if (elements.length > 0) schema.prefixItems = elements;
      schema.items = false;
    } else if (firstRest === elements.length - 1) {
      if (firstRest > 0) schema.prefixItems = elements.slice(0, firstRest);
      schema.items = elements[firstRest] ?? {};
    } else schema.items = anyElement(elements, context);
    if (target.minLength > 0) schema.minItems = target.minLength;
    return schema;
  },
};

function anyElement(elements: JsonSchema[], context: ConversionContext): JsonSchema {
  return unionOf(elements, (name) => context.component(name));
}
