/**
 * `A & B` → one merged object schema (the checker merges the properties); a named alias of it
 * is a component. A branded primitive (`string & {__brand: 'Id'}`) is the primitive. When the
 * parts are not all plain objects (`User[] & {total: number}`), `allOf` of the parts.
 */
import ts from '../../typescript.cjs';
import type { TypeConverter } from '../types.js';
import { isPlainObjectType } from './object.js';
import { objectSchema } from './object-properties.js';

const PRIMITIVE =
  ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.BigIntLike;

export const intersectionConverter: TypeConverter = {
  kind: 'intersection',
  supports: (type) => type.isIntersection(),
  convert(type, context) {
    const parts = (type as ts.IntersectionType).types;
    const primitive = parts.find((part) => (part.flags & PRIMITIVE) !== 0);
    if (primitive) return context.convert(primitive);
    if (!isPlainObjectType(type, context)) return { allOf: parts.map((part) => context.convert(part)) };
    if (!type.aliasSymbol) return objectSchema(type, context);
    return context.named(context.nameOf(type), () => objectSchema(type, context));
  },
};
