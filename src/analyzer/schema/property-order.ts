/**
 * Properties in declaration order along the extends chain: a base class's (or base
 * interface's) properties first, in their source order, then the subtype's own. The checker
 * lists own members first, which would put `id` after `name` for `class User extends Entity`.
 */
import ts from '../typescript.cjs';
import { isClassOrInterfaceReference } from './type-utils.js';

export function propertiesInDeclarationOrder(type: ts.Type, checker: ts.TypeChecker): ts.Symbol[] {
  const properties = checker.getPropertiesOfType(type);
  const baseOrder = inheritedNames(type, checker, 0);
  if (baseOrder.length === 0) return properties;
  const rank = new Map(baseOrder.map((name, index) => [name, index]));
  const ranked = properties.map((property, index) => ({
    property,
    key: rank.get(property.getName()) ?? baseOrder.length + index,
  }));
  return ranked.sort((a, b) => a.key - b.key).map((entry) => entry.property);
}

/** Names of the properties the type inherits, base-most first. */
function inheritedNames(type: ts.Type, checker: ts.TypeChecker, depth: number): string[] {
  const declared = classOrInterface(type);
  if (!declared || depth > 50) return [];
  const names: string[] = [];
  for (const base of checker.getBaseTypes(declared)) {
    for (const name of [...inheritedNames(base, checker, depth + 1), ...ownNames(base, checker)]) {
      if (!names.includes(name)) names.push(name);
    }
  }
  return names;
}

function ownNames(type: ts.Type, checker: ts.TypeChecker): string[] {
  return checker.getPropertiesOfType(type).map((p) => p.getName());
}

function classOrInterface(type: ts.Type): ts.InterfaceType | undefined {
  const target = isClassOrInterfaceReference(type) ? type.target : type;
  const symbol = target.getSymbol();
  if (!symbol || !(symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface))) return undefined;
  return (target as ts.ObjectType).objectFlags & ts.ObjectFlags.ClassOrInterface
    ? (target as ts.InterfaceType)
    : undefined;
}
