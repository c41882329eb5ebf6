/** `T[]`, `Array<T>`, `ReadonlyArray<T>` → `{type: array, items: T}`. */
import type ts from 'typescript';
import type { TypeConverter } from '../types.js';

export const arrayConverter: TypeConverter = {
  kind: 'array',
  supports: (type, context) => context.checker.isArrayType(type),
  convert(type, context) {
    const [element] = context.checker.getTypeArguments(type as ts.TypeReference);
    return { type: 'array', items: element ? context.convert(element) : {} };
  },
};
