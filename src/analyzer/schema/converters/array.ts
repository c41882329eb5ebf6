/**
 * `T[]`, `Array<T>`, `ReadonlyArray<T>` → `{type: array, items: T}`. An interface that extends
 * one (`interface Tags extends Array<string> {}`) is a named component holding that array
 * schema: its value on the wire is the array, not an object with a `length`.
 */
import ts from '../../typescript.cjs';
import type { JsonSchema } from '../../../model/json-schema.js';
import type { ConversionContext, TypeConverter } from '../types.js';

function extendsArray(type: ts.Type, checker: ts.TypeChecker, depth = 0): boolean {
  const target = (type as ts.TypeReference).target ?? type;
  const symbol = target.getSymbol();
  if (!symbol || !(symbol.flags & ts.SymbolFlags.Interface) || depth > 20) return false;
  if (!((target as ts.ObjectType).objectFlags & ts.ObjectFlags.ClassOrInterface)) return false;
  return checker
    .getBaseTypes(target as ts.InterfaceType)
    .some((base) => checker.isArrayType(base) || extendsArray(base, checker, depth + 1));
}

function arraySchema(element: ts.Type | undefined, context: ConversionContext): JsonSchema {
  return { type: 'array', items: element ? context.convert(element) : {} };
}

export const arrayConverter: TypeConverter = {
  kind: 'array',
  supports: (type, context) => context.checker.isArrayType(type) || extendsArray(type, context.checker),
  convert(type, context) {
    const { checker } = context;
    if (checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(type as ts.TypeReference);
      return arraySchema(element, context);
    }
    const element = checker
      .getIndexInfosOfType(type)
      .find((info) => info.keyType.flags & ts.TypeFlags.Number);
    return context.named(context.nameOf(type), () => arraySchema(element?.type, context));
  },
};
