/**
 * A union of object types → `oneOf` of their schemas. When every member is a `$ref` and one
 * property holds a distinct string literal in each member (`kind: 'circle' | ...`), a
 * `discriminator` names it, with a `mapping` from each value to its `$ref`. A union written as
 * a type alias (`type Shape = Circle | Square`) is a named component.
 */
import ts from 'typescript';
import type { JsonSchema } from '../../../model/json-schema.js';
import type { ConversionContext, TypeConverter } from '../types.js';
import { isFunctionLike, isObjectType } from '../type-utils.js';
import { isPlainObjectType } from './object.js';

function isObjectUnion(type: ts.Type, context: ConversionContext): type is ts.UnionType {
  if (!type.isUnion() || (type.flags & ts.TypeFlags.EnumLiteral) !== 0) return false;
  return type.types.every(
    (t) =>
      (isObjectType(t) || t.isIntersection()) &&
      isPlainObjectType(t, context) &&
      !isFunctionLike(t, context.checker),
  );
}

/** The first property every member has as a single, distinct string literal. */
function discriminatorOf(
  members: readonly ts.Type[],
  checker: ts.TypeChecker,
): [string, string[]] | undefined {
  const [first] = members;
  if (!first) return undefined;
  for (const property of checker.getPropertiesOfType(first)) {
    const name = property.getName();
    const values = members.map((member) => {
      const symbol = checker.getPropertyOfType(member, name);
      const type = symbol && checker.getTypeOfSymbol(symbol);
      return type && type.isStringLiteral() ? type.value : undefined;
    });
    if (values.every((v): v is string => v !== undefined) && new Set(values).size === values.length) {
      return [name, values];
    }
  }
  return undefined;
}

function objectUnionSchema(type: ts.UnionType, context: ConversionContext): JsonSchema {
  const oneOf = type.types.map((member) => context.convert(member));
  const schema: JsonSchema = { oneOf };
  const found = oneOf.every((s) => s.$ref !== undefined)
    ? discriminatorOf(type.types, context.checker)
    : undefined;
  if (found) {
    const [propertyName, values] = found;
    const mapping = Object.fromEntries(values.map((value, i) => [value, oneOf[i]?.$ref ?? '']));
    schema.discriminator = { propertyName, mapping };
  }
  return schema;
}

export const unionOfObjectsConverter: TypeConverter = {
  kind: 'union-of-objects',
  supports: (type, context) => isObjectUnion(type, context),
  convert(type, context) {
    const union = type as ts.UnionType;
    if (!type.aliasSymbol) return objectUnionSchema(union, context);
    return context.named(context.nameOf(type), () => objectUnionSchema(union, context));
  },
};
