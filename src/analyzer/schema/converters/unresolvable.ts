/**
 * What has no schema: `any`, `unknown`, `never`, symbols, functions and classes we
 * know nothing about (lib classes without their own converter, classes from dependencies).
 * They get `{}` and the warning suggesting `@ApiType` (docs/openapi.md), once per type and site.
 */
import ts from '../../typescript.cjs';
import type { ConversionContext, TypeConverter } from '../types.js';
import { isFunctionLike, isOpaqueExternal } from '../type-utils.js';

const NO_SCHEMA =
  ts.TypeFlags.Any |
  ts.TypeFlags.Unknown |
  ts.TypeFlags.Never |
  ts.TypeFlags.ESSymbolLike |
  ts.TypeFlags.TypeParameter;

function hasNoSchema(type: ts.Type, context: ConversionContext): boolean {
  if (type.flags & NO_SCHEMA) return true;
  return isFunctionLike(type, context.checker) || isOpaqueExternal(type, context.program);
}

export const unresolvableConverter: TypeConverter = {
  kind: 'unresolvable',
  supports: (type, context) => hasNoSchema(type, context),
  convert: (type, context) => context.unresolvable(type),
};
