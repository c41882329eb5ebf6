/**
 * A tuple `[A, B]` → `{type: array, items, minItems: 2, maxItems: 2}`. `items` is the one
 * element schema when all agree, else the union of the distinct ones (`oneOf`,
 * or `anyOf` when they overlap). Optional elements lower
 * `minItems`; a rest element removes `maxItems`.
 *
 * OpenAPI 3.0.3 cannot say which element sits where, so the positions ride along in the
 * `x-svc-tuple` hint (stripped from the 3.0.3 document, ignored by the runtime), from which the
 * OpenAPI 3.2 writer builds `prefixItems`.
 */
import ts from '../../typescript.cjs';
import type { JsonSchema } from '../../../model/json-schema.js';
import type { TypeConverter } from '../types.js';
import { unionOf } from '../../../model/schema-union.js';

export const tupleConverter: TypeConverter = {
  kind: 'tuple',
  supports: (type, context) => context.checker.isTupleType(type),
  convert(type, context) {
    const reference = type as ts.TypeReference;
    const target = reference.target as ts.TupleType;
    const elements = context.checker.getTypeArguments(reference).map((t) => context.convert(t));
    const items: JsonSchema = elements.length ? unionOf(elements, (name) => context.component(name)) : {};
    const schema: JsonSchema = { type: 'array', items, minItems: target.minLength };
    if (!target.hasRestElement) schema.maxItems = target.fixedLength;
    schema['x-svc-tuple'] = tuplePositions(target, elements, items);
    return schema;
  },
};

/**
 * The fixed positions in order, and what follows them: the rest element's schema, or `items`
 * (any element) when fixed elements also follow the rest (`[...A[], B]` has no fixed positions
 * after the first rest).
 */
function tuplePositions(
  target: ts.TupleType,
  elements: JsonSchema[],
  items: JsonSchema,
): { prefixItems: JsonSchema[]; rest?: JsonSchema } {
  const firstRest = target.elementFlags.findIndex((flags) => (flags & ts.ElementFlags.Variable) !== 0);
  if (firstRest === -1) return { prefixItems: elements };
  const rest = firstRest === elements.length - 1 ? elements[firstRest] : items;
  return { prefixItems: elements.slice(0, firstRest), rest: rest ?? items };
}
