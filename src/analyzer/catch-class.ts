/**
 * Where the runtime finds the error class of a `@Catch(ErrorClass)`: the model names it by
 * module and export, so the runtime matches thrown errors against the class the model names
 * rather than against whatever the decorator happened to receive.
 */
import ts from './typescript.cjs';
import type { CatchClassModel } from '../model/app-model.js';
import { importableAs } from './classes.js';
import { locationOf, reportError, type AnalysisContext } from './context.js';
import { isSvcFile, resolveSymbol, skipOuterExpressions } from './svc-symbols.js';

/** The class reference of a catcher's argument; an `SVC_ERR_CATCH_CLASS` error when it has none. */
export function catchClassOf(
  context: AnalysisContext,
  errorClass: ts.Expression,
  owner: string,
): CatchClassModel | undefined {
  const symbol = resolveSymbol(context.checker, skipOuterExpressions(errorClass));
  const declarations = symbol?.declarations ?? [];
  const sourceFile = declarations[0]?.getSourceFile();
  if (symbol && sourceFile) {
    if (isSvcFile(sourceFile.fileName)) return { from: 'svc', exportName: symbol.getName() };
    if (context.program.isSourceFileDefaultLibrary(sourceFile))
      return { from: 'global', name: symbol.getName() };
    const declaration = declarations.find(ts.isClassDeclaration);
    const importable = declaration && importableAs(context, declaration);
    if (importable) return { from: 'project', ...importable };
  }
  reportError(
    context,
    'SVC_ERR_CATCH_CLASS',
    `@Catch(${errorClass.getText()}) on ${owner}: the runtime cannot import that class by name; ` +
      'export it from a module of the project',
    errorClass,
  );
  return undefined;
}

/**
 * A catcher that sets `ctx.response.status` in its body answers with a status only known at run
 * time, which the document cannot show: a warning at the assignment says to declare it.
 */
export function warnRuntimeStatus(
  context: AnalysisContext,
  member: ts.MethodDeclaration,
  owner: string,
): void {
  const assignment = member.body && findStatusAssignment(member.body);
  if (!assignment) return;
  const where = locationOf(context, assignment);
  context.diagnostics.push({
    severity: 'warning',
    message:
      `${where.file}:${where.line}: warning: the catcher ${owner} sets response.status at run time, so the ` +
      'document shows the status of the error it catches instead; declare the status with @StatusCode(n) on the method',
    ...where,
  });
}

/** The first `<...>.response.status = ...` in a body. */
function findStatusAssignment(body: ts.Node): ts.BinaryExpression | undefined {
  let found: ts.BinaryExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      isResponseStatus(skipOuterExpressions(node.left))
    ) {
      found = node;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

function isResponseStatus(node: ts.Expression): boolean {
  return (
    ts.isPropertyAccessExpression(node) &&
    node.name.text === 'status' &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === 'response'
  );
}
