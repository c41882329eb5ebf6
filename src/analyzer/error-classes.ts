/**
 * Error classes as catchers see them: a thrown class is named by its chain of classes (itself,
 * then each base), each under the key its `@Catch(ErrorClass)` would have, so assembly can find
 * the catcher that an `instanceof` at run time would pick (analyzer/catcher-answers.ts).
 */
import ts from './typescript.cjs';
import type { CatchClassModel } from '../model/app-model.js';
import type { SharedResponseKey } from '../model/framework-answers.js';
import type { AnalysisContext } from './context.js';
import { importableAs } from './classes.js';
import { isSvcFile, resolveSymbol, skipOuterExpressions } from './svc-symbols.js';

/** Every error is an `Error`: the last link of every chain, which `@Catch(Error)` catches. */
const ERROR_KEY = 'global:Error';

/** svc's own errors, as thrown for its framework answers (runtime/errors). */
const HTTP_ERROR_CHAIN = ['svc:FrameworkHttpError', 'svc:HttpError', ERROR_KEY];

/** The classes behind svc's shared answers that reach catchers (a WebSocket's 426 does not). */
export const FRAMEWORK_ERROR_CHAINS: Partial<Record<SharedResponseKey, string[]>> = {
  invalidInput: ['svc:ValidationError', ...HTTP_ERROR_CHAIN],
  bodyTooLarge: HTTP_ERROR_CHAIN,
  unsupportedMediaType: HTTP_ERROR_CHAIN,
  fileNotFound: HTTP_ERROR_CHAIN,
};

/**
 * A body svc cannot read (malformed JSON or multipart, nested too deep) is a 400 too, but no
 * `ValidationError`: a catcher of that class (`@StatusCode(422)`) leaves it to the next one.
 */
export const UNREADABLE_BODY_CHAIN: readonly string[] = HTTP_ERROR_CHAIN;

/** What `PubSub.publish` rejects with when the transport does not take the message (a 503). */
export const PUBSUB_UNAVAILABLE_CHAIN: readonly string[] = HTTP_ERROR_CHAIN;

/** What any error thrown is known to be, when nothing more is: the uncaught 500. */
export const ANY_ERROR_CHAIN: readonly string[] = [ERROR_KEY];

/** The key a `@Catch(ErrorClass)` matches under. */
export function catchKey(ref: CatchClassModel): string {
  switch (ref.from) {
    case 'svc':
      return `svc:${ref.exportName}`;
    case 'global':
      return `global:${ref.name}`;
    case 'project':
      return `project:${ref.module}#${ref.exportName}`;
  }
}

/** The chain of `declaration`: its key, each base class's key, then `Error`'s. */
export function errorChain(context: AnalysisContext, declaration: ts.ClassDeclaration): string[] {
  const chain: string[] = [];
  const seen = new Set<ts.ClassDeclaration>();
  for (
    let current: ts.ClassDeclaration | undefined = declaration;
    current && !seen.has(current);
    current = baseClassOf(context, current)
  ) {
    seen.add(current);
    const key = classKey(context, current);
    // A class no module exports cannot be named in a `@Catch`: it has no key, its bases do.
    if (key && key !== ERROR_KEY) chain.push(key);
  }
  chain.push(ERROR_KEY);
  return chain;
}

function classKey(context: AnalysisContext, declaration: ts.ClassDeclaration): string | undefined {
  const name = declaration.name?.text;
  if (!name) return undefined;
  if (isSvcFile(declaration.getSourceFile().fileName)) return `svc:${name}`;
  const importable = importableAs(context, declaration);
  return importable && catchKey({ from: 'project', ...importable });
}

/** The class a class `extends`, when it is a class declaration the checker can find. */
export function baseClassOf(
  context: AnalysisContext,
  declaration: ts.ClassDeclaration,
): ts.ClassDeclaration | undefined {
  const heritage = declaration.heritageClauses?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword);
  const base = heritage?.types[0]?.expression;
  return base ? classOf(context, base) : undefined;
}

/** The class declaration an expression names (`NotFoundError` in `new NotFoundError()`). */
export function classOf(
  context: AnalysisContext,
  expression: ts.Expression,
): ts.ClassDeclaration | undefined {
  const symbol = resolveSymbol(context.checker, skipOuterExpressions(expression));
  const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  return declaration && ts.isClassDeclaration(declaration) ? declaration : undefined;
}
