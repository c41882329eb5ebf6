/**
 * Reads decorator arguments at build time: literals, constants with literal types, arrays and
 * object literals of those. Anything else is `SVC_ERR_NOT_STATIC`, since the document and the
 * runtime must agree on values the analyzer cannot compute.
 */
import ts from './typescript.cjs';
import { reportError, type AnalysisContext } from './context.js';
import { resolveSymbol, skipOuterExpressions } from './svc-symbols.js';

export type StaticValue = string | number | boolean | null | StaticValue[] | { [key: string]: StaticValue };

/** Marks a value the analyzer could not read. */
export const NOT_STATIC: unique symbol = Symbol('not static');
type Read = StaticValue | typeof NOT_STATIC;

/** The value of an expression, or NOT_STATIC (no diagnostic: callers decide whether it matters). */
export function readStatic(context: AnalysisContext, expression: ts.Expression): Read {
  const node = skipOuterExpressions(expression);
  if (ts.isArrayLiteralExpression(node)) return readArray(context, node);
  if (ts.isObjectLiteralExpression(node)) return readObject(context, node);
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  // Literals written in place need no checker.
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node) && Number.isFinite(Number(node.text))) return Number(node.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  const literal = literalOfType(context.checker.getTypeAtLocation(node));
  if (literal !== NOT_STATIC) return literal;
  return readConstInitializer(context, node);
}

function literalOfType(type: ts.Type): Read {
  if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
  if (type.flags & ts.TypeFlags.BooleanLiteral)
    return (type as { intrinsicName?: string }).intrinsicName === 'true';
  return NOT_STATIC;
}

/**
 * `const SCHEMA = {...}` used as `@ApiType(SCHEMA)`: read the constant's initializer. A property
 * of an object literal a constant holds (`IDS.search` with `const IDS = { search: 'find' }`,
 * whose type TypeScript widens to `string`) is read from the literal.
 */
function readConstInitializer(context: AnalysisContext, node: ts.Expression): Read {
  if (!ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node)) return NOT_STATIC;
  const declaration = resolveSymbol(context.checker, node)?.valueDeclaration;
  if (declaration && ts.isPropertyAssignment(declaration))
    return heldByConst(declaration) ? readStatic(context, declaration.initializer) : NOT_STATIC;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return NOT_STATIC;
  return isConst(declaration) ? readStatic(context, declaration.initializer) : NOT_STATIC;
}

function isConst(declaration: ts.VariableDeclaration): boolean {
  return (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0;
}

/** The property is in an object literal that is a `const`'s initializer, or nested in one by properties. */
function heldByConst(property: ts.PropertyAssignment): boolean {
  let literal: ts.Node = property.parent;
  for (;;) {
    let holder = literal.parent;
    while (
      ts.isParenthesizedExpression(holder) ||
      ts.isAsExpression(holder) ||
      ts.isSatisfiesExpression(holder)
    ) {
      literal = holder;
      holder = holder.parent;
    }
    if (ts.isVariableDeclaration(holder)) return holder.initializer === literal && isConst(holder);
    if (!ts.isPropertyAssignment(holder) || !ts.isObjectLiteralExpression(holder.parent)) return false;
    literal = holder.parent;
  }
}

function readArray(context: AnalysisContext, node: ts.ArrayLiteralExpression): Read {
  const values: StaticValue[] = [];
  for (const element of node.elements) {
    const value = readStatic(context, element);
    if (value === NOT_STATIC) return NOT_STATIC;
    values.push(value);
  }
  return values;
}

function readObject(context: AnalysisContext, node: ts.ObjectLiteralExpression): Read {
  const result: Record<string, StaticValue> = {};
  for (const property of node.properties) {
    const name = property.name && propertyKey(property.name);
    if (name === undefined) return NOT_STATIC;
    let value: Read = NOT_STATIC;
    if (ts.isPropertyAssignment(property)) value = readStatic(context, property.initializer);
    else if (ts.isShorthandPropertyAssignment(property)) value = readStatic(context, property.name);
    if (value === NOT_STATIC) return NOT_STATIC;
    result[name] = value;
  }
  return result;
}

function propertyKey(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

/**
 * The object literal's property initializers by name (for options objects read property by
 * property). With `context`, the literal may also be held by a `const` (`@ApiResponse(410, GONE)`)
 * or be a property of one.
 */
export function objectProperties(
  expression: ts.Expression | undefined,
  context?: AnalysisContext,
): Map<string, ts.Expression> {
  const result = new Map<string, ts.Expression>();
  const node =
    expression && (context ? objectLiteralOf(context, expression) : skipOuterExpressions(expression));
  if (!node || !ts.isObjectLiteralExpression(node)) return result;
  for (const property of node.properties) {
    const name = property.name && propertyKey(property.name);
    if (name === undefined) continue;
    if (ts.isPropertyAssignment(property)) result.set(name, property.initializer);
    else if (ts.isShorthandPropertyAssignment(property)) result.set(name, property.name);
  }
  return result;
}

/** The object literal written in place, held by a `const`, or held by a property of a `const`'s literal. */
export function objectLiteralOf(
  context: AnalysisContext,
  expression: ts.Expression,
): ts.ObjectLiteralExpression | undefined {
  const seen = new Set<ts.Node>();
  let node = skipOuterExpressions(expression);
  while (!ts.isObjectLiteralExpression(node) && !seen.has(node)) {
    seen.add(node);
    if (!ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node)) return undefined;
    const declaration = resolveSymbol(context.checker, node)?.valueDeclaration;
    if (declaration && ts.isPropertyAssignment(declaration) && heldByConst(declaration))
      node = skipOuterExpressions(declaration.initializer);
    else if (
      declaration &&
      ts.isVariableDeclaration(declaration) &&
      declaration.initializer &&
      isConst(declaration)
    )
      node = skipOuterExpressions(declaration.initializer);
    else return undefined;
  }
  return ts.isObjectLiteralExpression(node) ? node : undefined;
}

/** Reads a value that must be static and of one JS type; reports SVC_ERR_NOT_STATIC otherwise. */
export function requireStatic<T extends 'string' | 'number' | 'boolean'>(
  context: AnalysisContext,
  expression: ts.Expression,
  kind: T,
  what: string,
): (T extends 'string' ? string : T extends 'number' ? number : boolean) | undefined {
  const value = readStatic(context, expression);
  if (typeof value === kind) return value as never;
  reportError(
    context,
    'SVC_ERR_NOT_STATIC',
    `${what} must be a ${kind} known at build time (a literal or a constant), got \`${expression.getText()}\``,
    expression,
  );
  return undefined;
}

/** A string[] argument (the `@Body` key path) that must be static. */
export function requireStaticStrings(
  context: AnalysisContext,
  expression: ts.Expression,
  what: string,
): string[] | undefined {
  const value = readStatic(context, expression);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  reportError(
    context,
    'SVC_ERR_NOT_STATIC',
    `${what} must be an array of strings known at build time, got \`${expression.getText()}\``,
    expression,
  );
  return undefined;
}
