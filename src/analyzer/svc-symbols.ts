/**
 * Recognizes svc's own exports (decorators, `defineMethod`, `component`) in user code by the
 * declaration an identifier resolves to, so renamed imports work and a user's own `Get` does not.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from './typescript.cjs';

/** The svc repository root: this file lives in `<root>/src/analyzer` (or `<root>/dist/analyzer`). */
const SVC_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SVC_DIRS = [path.join(SVC_ROOT, 'src') + path.sep, path.join(SVC_ROOT, 'dist') + path.sep];

/** True for a file that belongs to the svc package itself (its sources, its build, or an installed copy). */
export function isSvcFile(fileName: string): boolean {
  let known = svcFiles.get(fileName);
  if (known === undefined) {
    const normalized = path.resolve(fileName);
    known =
      SVC_DIRS.some((dir) => normalized.startsWith(dir)) ||
      /[\\/]node_modules[\\/]svcjs[\\/]/.test(normalized);
    svcFiles.set(fileName, known);
  }
  return known;
}

/** Asked for every decorator of every route: `path.resolve` once per file. */
const svcFiles = new Map<string, boolean>();

/** Follows import aliases to the symbol that declares the value. */
export function resolveSymbol(checker: ts.TypeChecker, node: ts.Node): ts.Symbol | undefined {
  const symbol = checker.getSymbolAtLocation(node);
  if (!symbol) return undefined;
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** The name under which svc exports the value `node` refers to, or undefined when it is not svc's. */
export function svcExportName(checker: ts.TypeChecker, node: ts.Node): string | undefined {
  const symbol = resolveSymbol(checker, node);
  const declaration = symbol?.declarations?.[0];
  if (!symbol || !declaration) return undefined;
  if (!isSvcFile(declaration.getSourceFile().fileName)) return undefined;
  return symbol.getName();
}

/** `type` is an instance of the class svc exports as `className` (declared in svc's own files, not a user's namesake). */
export function isSvcClassType(type: ts.Type, className: string): boolean {
  const symbol = type.getSymbol();
  if (symbol?.getName() !== className || !(symbol.flags & ts.SymbolFlags.Class)) return false;
  return (symbol.getDeclarations() ?? []).some((declaration) =>
    isSvcFile(declaration.getSourceFile().fileName),
  );
}

/** The callee of a decorator: `@Get()` → `Get`; `@svc.Get()` → `Get`; `@Foo` → `Foo`. */
export function decoratorCallee(decorator: ts.Decorator): ts.Expression {
  const expression = decorator.expression;
  return ts.isCallExpression(expression) ? expression.expression : expression;
}

/** The arguments of a decorator call (none for a bare `@Foo`). */
export function decoratorArguments(decorator: ts.Decorator): readonly ts.Expression[] {
  const expression = decorator.expression;
  return ts.isCallExpression(expression) ? expression.arguments : [];
}

/** The identifier to resolve for a callee expression (`svc.Get` → `Get`). */
export function calleeName(expression: ts.Expression): ts.Node {
  return ts.isPropertyAccessExpression(expression) ? expression.name : expression;
}

/**
 * The initializer of the `const` that a decorator identifier refers to, when it is a call to an
 * svc function named `factoryName`: `export const Custom = defineMethod('CUSTOM')`.
 */
export function factoryCall(
  checker: ts.TypeChecker,
  callee: ts.Expression,
  factoryName: string,
): ts.CallExpression | undefined {
  const symbol = resolveSymbol(checker, calleeName(callee));
  const declaration = symbol?.valueDeclaration;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  const initializer = skipOuterExpressions(declaration.initializer);
  if (!ts.isCallExpression(initializer)) return undefined;
  const name = svcExportName(checker, calleeName(initializer.expression));
  return name === factoryName ? initializer : undefined;
}

/** Strips parentheses, `as` and `satisfies` wrappers. */
export function skipOuterExpressions(expression: ts.Expression): ts.Expression {
  let current = expression;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}
