/**
 * JSDoc tags written on a type alias (`/** @pattern ^[A-Z]{3}$ *\/ type Currency = string`)
 * apply wherever a property or parameter is declared with that alias. The checker forgets the
 * alias of a primitive (`Currency` is just `string` to it), so the declaration's type node is
 * read: `Currency`, `Currency | null`, `Currency[]` (tags go to the items), `Record<Currency, V>`
 * (the pattern goes to the keys). An alias of an alias gathers both, the nearer one winning; the
 * declaration's own tags win over all. Aliases of object types are components and keep their
 * tags out of it (a `$ref` would have to be wrapped at every use).
 */
import ts from '../typescript.cjs';
import { jsDocAnnotations } from './jsdoc.js';
import type { SchemaAnnotations } from './types.js';

const SCALAR =
  ts.TypeFlags.StringLike |
  ts.TypeFlags.NumberLike |
  ts.TypeFlags.BigIntLike |
  ts.TypeFlags.BooleanLike |
  ts.TypeFlags.Null |
  ts.TypeFlags.Undefined;

/** The alias tags that reach a declaration through its written type. */
export function aliasTagsOf(declaration: ts.Node, checker: ts.TypeChecker): SchemaAnnotations {
  const typeNode = (declaration as { type?: ts.TypeNode }).type;
  return typeNode && ts.isTypeNode(typeNode) ? tagsOfTypeNode(typeNode, checker, 0) : {};
}

function tagsOfTypeNode(node: ts.TypeNode, checker: ts.TypeChecker, depth: number): SchemaAnnotations {
  if (depth > 10) return {};
  const readonly = ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.ReadonlyKeyword;
  if (ts.isParenthesizedTypeNode(node) || readonly) return tagsOfTypeNode(node.type, checker, depth + 1);
  if (ts.isArrayTypeNode(node)) return withItems(tagsOfTypeNode(node.elementType, checker, depth + 1));
  if (ts.isUnionTypeNode(node)) {
    const [only, ...others] = node.types.filter((member) => !isNullish(member));
    return only && others.length === 0 ? tagsOfTypeNode(only, checker, depth + 1) : {};
  }
  if (ts.isTypeReferenceNode(node)) return tagsOfReference(node, checker, depth);
  return {};
}

function tagsOfReference(
  node: ts.TypeReferenceNode,
  checker: ts.TypeChecker,
  depth: number,
): SchemaAnnotations {
  const symbol = resolvedSymbol(node.typeName, checker);
  const [first, second] = node.typeArguments ?? [];
  const name = symbol?.getName();
  if (name === 'Record' && first && second) {
    const pattern = tagsOfTypeNode(first, checker, depth + 1).pattern;
    return pattern === undefined ? {} : { keyPattern: pattern };
  }
  if ((name === 'Array' || name === 'ReadonlyArray') && first)
    return withItems(tagsOfTypeNode(first, checker, depth + 1));
  const alias = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
  if (!alias || !isScalarAlias(alias, checker)) return {};
  const { description: _text, ...own } = jsDocAnnotations(alias);
  return { ...tagsOfTypeNode(alias.type, checker, depth + 1), ...own };
}

function resolvedSymbol(name: ts.EntityName, checker: ts.TypeChecker): ts.Symbol | undefined {
  const symbol = checker.getSymbolAtLocation(name);
  return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

function isScalarAlias(alias: ts.TypeAliasDeclaration, checker: ts.TypeChecker): boolean {
  const type = checker.getTypeAtLocation(alias.type);
  const members = type.isUnion() ? type.types : [type];
  return members.every((member) => (member.flags & SCALAR) !== 0);
}

function isNullish(node: ts.TypeNode): boolean {
  if (node.kind === ts.SyntaxKind.UndefinedKeyword) return true;
  return ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword;
}

function withItems(items: SchemaAnnotations): SchemaAnnotations {
  return Object.keys(items).length > 0 ? { items } : {};
}
