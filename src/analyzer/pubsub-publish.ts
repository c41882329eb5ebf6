/**
 * A call to svc's `PubSub.publish`, found by the declaration the called method resolves to (so an
 * injected `PubSub`, a subclass a provider gives, or a renamed import all count, and a method of
 * the project's own that happens to be called `publish` does not). A publish rejects with
 * `SVC_ERR_PUBSUB_UNAVAILABLE` when the transport is down or silent: a route that publishes can
 * answer 503 (docs/scaling-out.md, docs/openapi.md "Thrown errors").
 */
import ts from './typescript.cjs';
import type { AnalysisContext } from './context.js';
import { isSvcFile, resolveSymbol, skipOuterExpressions } from './svc-symbols.js';

export function isPubSubPublish(context: AnalysisContext, call: ts.CallExpression): boolean {
  const callee = skipOuterExpressions(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'publish') return false;
  const declaration = resolveSymbol(context.checker, callee.name)?.valueDeclaration;
  if (!declaration || !ts.isMethodDeclaration(declaration)) return false;
  const owner = declaration.parent;
  return (
    ts.isClassDeclaration(owner) &&
    owner.name?.text === 'PubSub' &&
    isSvcFile(declaration.getSourceFile().fileName)
  );
}
