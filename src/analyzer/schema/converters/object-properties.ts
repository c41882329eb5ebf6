/**
 * The `{type: object, properties, required}` schema of an object type, from the checker's
 * resolved properties: inherited ones included (extends chains flattened), mapped and utility
 * types already applied. Only data properties count: methods, accessors, private/protected
 * and `#private` members, symbol keys and `@ApiHidden()` properties are left out, and so are
 * properties that can hold no JSON value (`never`, `undefined`, `void`: also as a type argument,
 * `Envelope<void>`), which a `{}` schema would let a client fill with anything, and function-valued
 * properties (`onClick: () => void`), which `JSON.stringify` leaves out of every answer.
 */
import ts from '../../typescript.cjs';
import type { JsonSchema } from '../../../model/json-schema.js';
import type { ConversionContext } from '../types.js';
import { propertiesInDeclarationOrder } from '../property-order.js';
import { includesFlag, isFunctionLike } from '../type-utils.js';
import { withKeyPattern } from './key-pattern.js';

const NOT_DATA = new Set([
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.MethodSignature,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
]);

function isDataProperty(property: ts.Symbol): boolean {
  const name = property.getName();
  if (name.startsWith('__@') || name.startsWith('__#')) return false;
  if (property.flags & (ts.SymbolFlags.Method | ts.SymbolFlags.Accessor | ts.SymbolFlags.Prototype))
    return false;
  const declaration = property.valueDeclaration ?? property.getDeclarations()?.[0];
  if (!declaration) return true;
  if (NOT_DATA.has(declaration.kind)) return false;
  if (ts.isPrivateIdentifier((declaration as ts.NamedDeclaration).name ?? declaration)) return false;
  const modifiers = ts.getCombinedModifierFlags(declaration as ts.Declaration);
  return (
    (modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static)) === 0
  );
}

function propertySchema(property: ts.Symbol, context: ConversionContext): [JsonSchema, boolean] | undefined {
  const declaration = property.valueDeclaration ?? property.getDeclarations()?.[0];
  const annotations = declaration ? context.annotationsOf(declaration) : {};
  if (annotations.hidden) return undefined;
  const type = context.checker.getTypeOfSymbol(property);
  if (holdsNoValue(type) || isFunctionLike(context.checker.getNonNullableType(type), context.checker))
    return undefined;
  const optional =
    (property.flags & ts.SymbolFlags.Optional) !== 0 ||
    includesFlag(type, ts.TypeFlags.Undefined | ts.TypeFlags.Void);
  const inferred = annotations.schema ? {} : context.convert(type, declaration);
  return [context.annotate(inferred, annotations), !optional];
}

const NO_VALUE = ts.TypeFlags.Never | ts.TypeFlags.Undefined | ts.TypeFlags.Void;

/** `never`, `undefined`, `void` or a union of them only. */
function holdsNoValue(type: ts.Type): boolean {
  return type.isUnion() ? type.types.every((t) => (t.flags & NO_VALUE) !== 0) : (type.flags & NO_VALUE) !== 0;
}

export function objectSchema(type: ts.Type, context: ConversionContext): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const property of propertiesInDeclarationOrder(type, context.checker)) {
    if (!isDataProperty(property)) continue;
    const converted = propertySchema(property, context);
    if (!converted) continue;
    const [schema, isRequired] = converted;
    properties[property.getName()] = schema;
    if (isRequired) required.push(property.getName());
  }
  const index = indexInfo(type, context.checker);
  const schema: JsonSchema = { type: 'object' };
  // A pure dictionary has no `properties`; any other object lists them, even when empty.
  if (!index || Object.keys(properties).length > 0) schema.properties = properties;
  // OpenAPI 3.0 wants a non-empty `required` array, so an all-optional object has none.
  if (required.length) schema.required = required;
  if (!index) return schema;
  schema.additionalProperties = context.convert(index.type);
  return withKeyPattern(schema, index.keyType);
}

/**
 * The value type of a string (or number) index signature, if the type has one. The object of a
 * numeric enum (`typeof Priority`) has a number index for its reverse mapping (`Priority[0]`):
 * that is not data a client sends, so it does not count.
 */
export function indexValueType(type: ts.Type, checker: ts.TypeChecker): ts.Type | undefined {
  return indexInfo(type, checker)?.type;
}

export function indexInfo(type: ts.Type, checker: ts.TypeChecker): ts.IndexInfo | undefined {
  const infos = checker.getIndexInfosOfType(type);
  const byString = infos.find((info) => info.keyType.flags & ts.TypeFlags.String);
  if (byString) return byString;
  if ((type.getSymbol()?.flags ?? 0) & ts.SymbolFlags.Enum) return undefined;
  return infos[0];
}
