/**
 * `Record<string, V>`, `{[key: string]: V}` and other objects made only of an index signature
 * → inline `{type: object, additionalProperties: V}`. A user's own alias or interface of that
 * shape is still a named component (the object converter handles it).
 */
import type ts from 'typescript';
import type { ConversionContext, TypeConverter } from '../types.js';
import { isDeclaredInLib, isObjectType } from '../type-utils.js';
import { isNamedObject, isPlainObjectType } from './object.js';
import { indexInfo, indexValueType } from './object-properties.js';
import { withKeyPattern } from './key-pattern.js';

function isBareIndexSignature(type: ts.Type, context: ConversionContext): boolean {
  if (!isObjectType(type) || !isPlainObjectType(type, context)) return false;
  if (context.checker.getPropertiesOfType(type).length > 0) return false;
  if (!indexValueType(type, context.checker)) return false;
  return !isNamedObject(type) || isDeclaredInLib(type.aliasSymbol, context.program);
}

export const recordConverter: TypeConverter = {
  kind: 'record',
  supports: (type, context) => isBareIndexSignature(type, context),
  convert(type, context) {
    const index = indexInfo(type, context.checker);
    const schema = {
      type: 'object',
      additionalProperties: index ? context.convert(index.type) : {},
    } as const;
    return withKeyPattern(schema, index?.keyType);
  },
};
