/**
 * Reads a JSON value from an expression without running code: the object literal given to
 * `@ApiType({...})`. Literals, object and array literals, `-1`, `as const`, parentheses and
 * `const` identifiers with such an initializer are understood; anything else is `undefined`.
 */
import ts from '../typescript.cjs';

export function staticJsonValue(expression: ts.Expression, checker: ts.TypeChecker, depth = 0): unknown {
  if (depth > 20) return undefined;
  const next = (e: ts.Expression): unknown => staticJsonValue(e, checker, depth + 1);
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression))
    return next(expression.expression);
  if (ts.isSatisfiesExpression(expression)) return next(expression.expression);
  if (ts.isStringLiteralLike(expression)) return expression.text;
  if (ts.isNumericLiteral(expression)) return Number(expression.text);
  if (expression.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (expression.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (expression.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isPrefixUnaryExpression(expression) && expression.operator === ts.SyntaxKind.MinusToken) {
    const value = next(expression.operand);
    return typeof value === 'number' ? -value : undefined;
  }
  if (ts.isArrayLiteralExpression(expression)) return expression.elements.map(next);
  if (ts.isObjectLiteralExpression(expression)) return objectValue(expression, next);
  if (ts.isIdentifier(expression)) return constValue(expression, checker, next);
  return undefined;
}

function objectValue(literal: ts.ObjectLiteralExpression, next: (e: ts.Expression) => unknown): unknown {
  const out: Record<string, unknown> = {};
  for (const property of literal.properties) {
    if (!ts.isPropertyAssignment(property)) return undefined;
    const name = property.name;
    const key =
      ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name)
        ? name.text
        : undefined;
    if (key === undefined) return undefined;
    out[key] = next(property.initializer);
  }
  return out;
}

function constValue(
  identifier: ts.Identifier,
  checker: ts.TypeChecker,
  next: (e: ts.Expression) => unknown,
): unknown {
  let symbol = checker.getSymbolAtLocation(identifier);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  if (!(ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const)) return undefined;
  return next(declaration.initializer);
}
