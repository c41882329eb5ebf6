/**
 * The errors a handler throws, documented under their statuses (docs/openapi.md, "Thrown errors"):
 * `throw new HttpError(404, ...)` with a literal status, `throw new NotFoundError(...)`, or a
 * project subclass whose constructor passes a literal status up, and the 503 of svc's
 * `PubSub.publish`, in the handler's own body or in the bodies of the project functions and
 * methods it calls, up to `CALL_DEPTH` calls deep (deeper calls, or a status only known at run
 * time, stay undocumented unless an `@ApiResponse` says them).
 */
import { STATUS_CODES } from 'node:http';
import ts from './typescript.cjs';
import type { ApiResponseModel } from '../model/app-model.js';
import { ERROR_CODES } from '../model/error-catalogue.js';
import { namedHttpErrorStatus } from '../model/http-errors.js';
import type { AnalysisContext } from './context.js';
import { PROBLEM_MEDIA_TYPE } from './problem.js';
import { classOf, errorChain, PUBSUB_UNAVAILABLE_CHAIN } from './error-classes.js';
import { isPubSubPublish } from './pubsub-publish.js';
import { readStatic } from './static-values.js';
import { isSvcFile, resolveSymbol, skipOuterExpressions } from './svc-symbols.js';

/**
 * How far calls are followed from a handler: its own callees, theirs, and theirs again. A
 * controller usually reaches its throws through a service and the service's private helper; a
 * bound keeps the walk from crossing the whole program through every utility.
 */
export const CALL_DEPTH = 3;

/** The 503 a publish answers when the transport does not take the message, and why. */
const PUBLISH_UNAVAILABLE = {
  status: ERROR_CODES.SVC_ERR_PUBSUB_UNAVAILABLE.status,
  description:
    'Service Unavailable: the message was not published (the PubSub transport is down or did not answer in time)',
};

/**
 * Adds a problem response for each status the handler (or what it calls) throws, unless
 * documented. Each response names the classes thrown with its status (`raisedBy`), so a catcher
 * that catches them gives it its own content at assembly; an `@ApiResponse` without `type` for
 * the status gets them too.
 */
export function addThrownErrors(
  context: AnalysisContext,
  method: ts.MethodDeclaration,
  responses: ApiResponseModel[],
): void {
  if (!method.body) return;
  const thrown = reachableBodies(context, method.body).flatMap((body) => thrownErrors(context, body));
  for (const [status, { description, raisedBy }] of byStatus(thrown)) {
    const documented = responses.find((response) => response.status === status);
    if (documented) {
      if (documented.describesOnly) documented.raisedBy = raisedBy;
      continue;
    }
    // The schema is the problem schema, filled in with the other error bodies (`documentErrorBodies`).
    responses.push({ status, description, mediaType: PROBLEM_MEDIA_TYPE, raisedBy });
  }
}

/** The thrown errors grouped by status, in status order: each distinct chain once, the first description. */
function byStatus(thrown: readonly ThrownError[]): [number, { description: string; raisedBy: string[][] }][] {
  const statuses = new Map<number, { description: string; raisedBy: string[][] }>();
  for (const { status, chain, description } of thrown) {
    const entry = statuses.get(status) ?? {
      description: description ?? STATUS_CODES[status] ?? 'Error',
      raisedBy: [],
    };
    if (!entry.raisedBy.some((known) => known.join() === chain.join())) entry.raisedBy.push(chain);
    statuses.set(status, entry);
  }
  return [...statuses].sort(([a], [b]) => a - b);
}

interface ThrownError {
  status: number;
  /** The thrown class and its bases (./error-classes.ts). */
  chain: string[];
  /** Said in place of the status's reason phrase. */
  description?: string;
}

/**
 * The statically known statuses of every `throw new X(...)` inside `body`, with what X is, and
 * the 503 of each `PubSub.publish` it calls.
 */
function thrownErrors(context: AnalysisContext, body: ts.Node): ThrownError[] {
  const found: ThrownError[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isPubSubPublish(context, node))
      found.push({ ...PUBLISH_UNAVAILABLE, chain: [...PUBSUB_UNAVAILABLE_CHAIN] });
    if (ts.isThrowStatement(node)) {
      const thrown = skipOuterExpressions(node.expression);
      const status = ts.isNewExpression(thrown) ? statusOfNew(context, thrown, new Set()) : undefined;
      const declaration = ts.isNewExpression(thrown) ? classOf(context, thrown.expression) : undefined;
      if (declaration && status !== undefined && status >= 400 && status <= 599)
        found.push({ status, chain: errorChain(context, declaration) });
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

/** The status `new X(args)` answers with: a literal given to `HttpError`, or the status of a subclass. */
function statusOfNew(
  context: AnalysisContext,
  call: ts.NewExpression | ts.CallExpression,
  seen: Set<ts.Node>,
): number | undefined {
  const target = ts.isNewExpression(call) ? call.expression : undefined;
  const declaration = target ? classOf(context, target) : superClassOf(context, call);
  if (!declaration || seen.has(declaration)) return undefined;
  seen.add(declaration);
  const name = declaration.name?.text ?? '';
  if (isSvcFile(declaration.getSourceFile().fileName)) {
    if (name !== 'HttpError') return namedHttpErrorStatus(name);
    const status = call.arguments?.[0] && readStatic(context, call.arguments[0]);
    return typeof status === 'number' ? status : undefined;
  }
  return statusOfProjectClass(context, declaration, seen);
}

/** A project subclass: the status its constructor passes to `super(...)`, or its base class's. */
function statusOfProjectClass(
  context: AnalysisContext,
  declaration: ts.ClassDeclaration,
  seen: Set<ts.Node>,
): number | undefined {
  const constructor = declaration.members.find(ts.isConstructorDeclaration);
  if (!constructor) {
    const heritage = declaration.heritageClauses?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword);
    const base = heritage?.types[0]?.expression;
    const baseClass = base && classOf(context, base);
    if (!baseClass || seen.has(baseClass)) return undefined;
    seen.add(baseClass);
    if (isSvcFile(baseClass.getSourceFile().fileName))
      return namedHttpErrorStatus(baseClass.name?.text ?? '');
    return statusOfProjectClass(context, baseClass, seen);
  }
  const superCall = constructor.body?.statements
    .map((statement) => (ts.isExpressionStatement(statement) ? statement.expression : undefined))
    .find(
      (expression): expression is ts.CallExpression =>
        expression !== undefined &&
        ts.isCallExpression(expression) &&
        expression.expression.kind === ts.SyntaxKind.SuperKeyword,
    );
  return superCall ? statusOfNew(context, superCall, seen) : undefined;
}

/** The class `super(...)` calls, from the enclosing class's `extends`. */
function superClassOf(
  context: AnalysisContext,
  call: ts.NewExpression | ts.CallExpression,
): ts.ClassDeclaration | undefined {
  let node: ts.Node | undefined = call;
  while (node && !ts.isClassDeclaration(node)) node = node.parent;
  const heritage = node?.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword);
  const base = heritage?.types[0]?.expression;
  return base ? classOf(context, base) : undefined;
}

/**
 * `body` and the bodies of the project functions and methods it calls, up to `CALL_DEPTH` calls
 * deep, each once: a recursive call or a cycle ends at a body already taken.
 */
function reachableBodies(context: AnalysisContext, body: ts.Node): ts.Node[] {
  const seen = new Set<ts.Node>([body]);
  let level = [body];
  for (let depth = 0; depth < CALL_DEPTH && level.length > 0; depth++) {
    const next: ts.Node[] = [];
    for (const called of level.flatMap((node) => calledBodies(context, node))) {
      if (seen.has(called)) continue;
      seen.add(called);
      next.push(called);
    }
    level = next;
  }
  return [...seen];
}

/** The bodies of the project functions and methods called directly in `body` (each once). */
function calledBodies(context: AnalysisContext, body: ts.Node): ts.Node[] {
  const bodies = new Set<ts.Node>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const called = calledBody(context, node);
      if (called && called !== body) bodies.add(called);
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return [...bodies];
}

function calledBody(context: AnalysisContext, call: ts.CallExpression): ts.Node | undefined {
  const callee = skipOuterExpressions(call.expression);
  const name = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
  const declaration = resolveSymbol(context.checker, name)?.valueDeclaration;
  if (!declaration) return undefined;
  const file = declaration.getSourceFile();
  if (
    file.isDeclarationFile ||
    isSvcFile(file.fileName) ||
    context.program.isSourceFileFromExternalLibrary(file)
  ) {
    return undefined;
  }
  if (ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration)) return declaration.body;
  if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
    const initializer = skipOuterExpressions(declaration.initializer);
    if (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer)) return initializer.body;
  }
  return undefined;
}
