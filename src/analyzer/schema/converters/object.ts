/**
 * Interfaces, classes, object type aliases, mapped types and generic instances → a named
 * component referenced by `$ref`; an anonymous object literal type → an inline object schema.
 * The component is registered before its properties are converted, so recursion is a `$ref` cycle.
 */
import ts from '../../typescript.cjs';
import type { ConversionContext, TypeConverter } from '../types.js';
import { isFunctionLike, isGlobalNamed, isObjectType, isOpaqueExternal } from '../type-utils.js';
import { objectSchema } from './object-properties.js';

/** Globals that have their own converters and so are not plain objects. */
const KNOWN_GLOBALS = [
  'Date',
  'URL',
  'Set',
  'ReadonlySet',
  'Map',
  'ReadonlyMap',
  'Promise',
  'PromiseLike',
  'Uint8Array',
  'Buffer',
  'ArrayBuffer',
];

/** An object (or intersection of objects) that converts to `{type: object, ...}`. */
export function isPlainObjectType(type: ts.Type, context: ConversionContext): boolean {
  if (type.isIntersection()) return type.types.every((t) => isPlainObjectType(t, context));
  if (!isObjectType(type)) return false;
  const { checker } = context;
  if (checker.isArrayType(type) || checker.isTupleType(type) || isGlobalNamed(type, KNOWN_GLOBALS))
    return false;
  return !isFunctionLike(type, checker) && !isOpaqueExternal(type, context.program);
}

/** Named types get a component; anonymous object literal types stay inline. */
export function isNamedObject(type: ts.Type): boolean {
  if (type.aliasSymbol) return true;
  const symbol = type.getSymbol();
  return symbol !== undefined && (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) !== 0;
}

export const objectConverter: TypeConverter = {
  kind: 'object',
  supports: (type, context) => isObjectType(type) && isPlainObjectType(type, context),
  convert(type, context) {
    if (!isNamedObject(type)) return objectSchema(type, context);
    return context.named(context.nameOf(type), () => objectSchema(type, context));
  },
};
