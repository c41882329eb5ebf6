/**
 * A literal early-answer status that is not HTTP (`MiddlewareResult.stop({ statusCode: 1000 })`)
 * is an analysis error at its line: at run time it could only be answered 500
 * `SVC_ERR_EARLY_STATUS`, and the document would list a status no HTTP client knows. A computed
 * status is checked when it is given (src/runtime/lifecycle/early-status.ts).
 */
import ts from './typescript.cjs';
import { FINAL_STATUSES, isFinalStatus } from '../model/early-status.js';
import { reportError, type AnalysisContext } from './context.js';
import { objectProperties, readStatic } from './static-values.js';
import { skipOuterExpressions } from './svc-symbols.js';

/** The early-answer calls, by result class: `MiddlewareResult.stop(...)`, `GuardResult.block(...)`. */
const EARLY_CALLS = new Map([
  ['MiddlewareResult', 'stop'],
  ['GuardResult', 'block'],
]);

/** Reports each early answer in the class's method bodies whose literal status is not HTTP. */
export function checkEarlyStatuses(context: AnalysisContext, declaration: ts.ClassDeclaration): void {
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) checkCall(context, node);
    ts.forEachChild(node, visit);
  };
  for (const member of declaration.members) {
    if (ts.isMethodDeclaration(member) && member.body) visit(member.body);
  }
}

function checkCall(context: AnalysisContext, call: ts.CallExpression): void {
  const callee = skipOuterExpressions(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression)) return;
  if (EARLY_CALLS.get(callee.expression.text) !== callee.name.text) return;
  const status = objectProperties(call.arguments[0]).get('statusCode');
  if (status === undefined) return;
  const value = readStatic(context, status);
  if (typeof value !== 'number' || isFinalStatus(value)) return;
  reportError(
    context,
    'SVC_ERR_EARLY_STATUS',
    `${callee.getText()} gives status ${value}, which is not an HTTP status (an integer from ` +
      `${FINAL_STATUSES.min} to ${FINAL_STATUSES.max})`,
    status,
  );
}
