/**
 * Classifies the decorators on a declaration: svc's own (by export name), custom methods made by
 * `defineMethod(NAME)`, and component decorators made by `component(Class)`.
 */
import ts from 'typescript';
import type { AnalysisContext } from './context.js';
import { requireStatic } from './static-values.js';
import {
  calleeName,
  decoratorArguments,
  decoratorCallee,
  factoryCall,
  resolveSymbol,
  skipOuterExpressions,
  svcExportName,
} from './svc-symbols.js';

interface DecoratorBase {
  node: ts.Decorator;
  args: readonly ts.Expression[];
}

export type SvcDecorator =
  | (DecoratorBase & { kind: 'svc'; name: string })
  | (DecoratorBase & { kind: 'method'; httpMethod: string | undefined })
  | (DecoratorBase & { kind: 'component'; className: string; declaration: ts.ClassDeclaration | undefined });

/** The svc decorators of a node, in the order written; other decorators are left out. */
export function svcDecorators(context: AnalysisContext, node: ts.Node): SvcDecorator[] {
  if (!ts.canHaveDecorators(node)) return [];
  const result: SvcDecorator[] = [];
  for (const decorator of ts.getDecorators(node) ?? []) {
    const classified = classify(context, decorator);
    if (classified) result.push(classified);
  }
  return result;
}

function classify(context: AnalysisContext, decorator: ts.Decorator): SvcDecorator | undefined {
  const callee = decoratorCallee(decorator);
  const base = { node: decorator, args: decoratorArguments(decorator) };
  const name = svcExportName(context.checker, calleeName(callee));
  if (name) return { ...base, kind: 'svc', name };
  const methodFactory = factoryCall(context.checker, callee, 'defineMethod');
  if (methodFactory) {
    const nameArgument = methodFactory.arguments[0];
    const httpMethod = nameArgument && requireStatic(context, nameArgument, 'string', 'defineMethod name');
    return { ...base, kind: 'method', httpMethod };
  }
  const componentFactory = factoryCall(context.checker, callee, 'component');
  const classArgument = componentFactory?.arguments[0];
  if (classArgument) {
    const declaration = classDeclarationOf(context, classArgument);
    const className = declaration?.name?.text ?? skipOuterExpressions(classArgument).getText();
    return { ...base, kind: 'component', className, declaration };
  }
  return undefined;
}

/** The class declaration an expression (a class identifier) refers to. */
export function classDeclarationOf(
  context: AnalysisContext,
  expression: ts.Expression,
): ts.ClassDeclaration | undefined {
  const symbol = resolveSymbol(context.checker, skipOuterExpressions(expression));
  const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  return declaration && ts.isClassDeclaration(declaration) ? declaration : undefined;
}

/** The first svc decorator with one of the given export names. */
export function findSvc(
  decorators: readonly SvcDecorator[],
  ...names: string[]
): (SvcDecorator & { kind: 'svc' }) | undefined {
  return decorators.find(
    (decorator): decorator is SvcDecorator & { kind: 'svc' } =>
      decorator.kind === 'svc' && names.includes(decorator.name),
  );
}

export function allSvc(
  decorators: readonly SvcDecorator[],
  name: string,
): (SvcDecorator & { kind: 'svc' })[] {
  return decorators.filter(
    (decorator): decorator is SvcDecorator & { kind: 'svc' } =>
      decorator.kind === 'svc' && decorator.name === name,
  );
}
