/**
 * A union of object types. When one property holds a distinct string literal in each member
 * (`kind: 'circle' | ...`), it is `oneOf` with a `discriminator` naming that property and a
 * `mapping` from each value to its member's `$ref`; OpenAPI 3.0 maps values to components
 * only, so an inline member (`{kind: 'deleted'; at: Date}`) becomes a component named after the
 * union and its value (`TaskEvent_deleted`; an unnamed union uses the property: `Kind_deleted`).
 * Without a discriminator the members may overlap, so the union is `anyOf` (a value matching
 * two members is still valid). A union written as a type alias is a named component.
 */
import ts from '../../typescript.cjs';
import type { JsonSchema } from '../../../model/json-schema.js';
import type { ConversionContext, TypeConverter } from '../types.js';
import { isFunctionLike, isObjectType } from '../type-utils.js';
import { isNamedObject, isPlainObjectType } from './object.js';
import { unionOf } from '../../../model/schema-union.js';

interface Discriminator {
  propertyName: string;
  values: string[];
}

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
function discriminatorOf(members: readonly ts.Type[], checker: ts.TypeChecker): Discriminator | undefined {
  const [first] = members;
  if (!first) return undefined;
  for (const property of checker.getPropertiesOfType(first)) {
    const propertyName = property.getName();
    const values = members.map((member) => {
      const symbol = checker.getPropertyOfType(member, propertyName);
      const type = symbol && checker.getTypeOfSymbol(symbol);
      return type && type.isStringLiteral() ? type.value : undefined;
    });
    if (values.every((v): v is string => v !== undefined) && new Set(values).size === values.length) {
      return { propertyName, values };
    }
  }
  return undefined;
}

/** A member as a `$ref`: its own component, or a new one named after the union and its value. */
function memberRef(member: ts.Type, base: string, value: string, context: ConversionContext): JsonSchema {
  if (isNamedObject(member)) return context.convert(member);
  return context.named(context.nameAs(member, `${base}_${value}`), () => context.convert(member));
}

function discriminatedSchema(
  type: ts.UnionType,
  found: Discriminator,
  context: ConversionContext,
): JsonSchema {
  const base = type.aliasSymbol?.getName() ?? capitalize(found.propertyName);
  const oneOf = type.types.map((member, i) => memberRef(member, base, found.values[i] ?? '', context));
  if (!oneOf.every((schema) => schema.$ref !== undefined)) return { anyOf: oneOf };
  const mapping = Object.fromEntries(found.values.map((value, i) => [value, oneOf[i]?.$ref ?? '']));
  return { oneOf, discriminator: { propertyName: found.propertyName, mapping } };
}

function objectUnionSchema(type: ts.UnionType, context: ConversionContext): JsonSchema {
  const found = discriminatorOf(type.types, context.checker);
  if (found) return discriminatedSchema(type, found, context);
  const members = type.types.map((member) => context.convert(member));
  return unionOf(members, (name) => context.component(name));
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
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
