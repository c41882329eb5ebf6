/**
 * Classifies the decorators on a declaration: svc's own (by export name, looked up in the
 * decorator table), custom methods made by `defineMethod(NAME)`, and component decorators made
 * by `component(Class)`. Arguments are read as the table describes them.
 */
import ts from './typescript.cjs';
import {
  CUSTOM_ROUTE_PATH,
  DECORATORS,
  decoratorSpec,
  normalizeArgument,
  type DecoratorArgument,
  type DecoratorName,
  type DecoratorSpec,
} from '../model/decorators.js';
import type { AnalysisContext } from './context.js';
import { requireStatic, requireStaticStrings } from './static-values.js';
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

/** One of svc's own decorators, with its entry in the decorator table. */
export type BuiltinDecorator = DecoratorBase & { kind: 'svc'; name: DecoratorName; spec: DecoratorSpec };

export type SvcDecorator =
  | BuiltinDecorator
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
  const spec = name === undefined ? undefined : decoratorSpec(name);
  if (spec) return { ...base, kind: 'svc', name: name as DecoratorName, spec };
  const methodFactory = factoryCall(context.checker, callee, 'defineMethod');
  if (methodFactory) {
    const nameArgument = methodFactory.arguments[0];
    const httpMethod =
      nameArgument && readArgumentAs(context, 'defineMethod', DECORATORS.defineMethod.args[0], nameArgument);
    return { ...base, kind: 'method', httpMethod: typeof httpMethod === 'string' ? httpMethod : undefined };
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

type ArgumentValue = string | number | string[] | undefined;

/**
 * The value of a decorator's argument at `index`, read as the table's shape for it (a
 * `SVC_ERR_NOT_STATIC` error when it is not a build-time value), with the table's default when
 * omitted and its key normalisation (header names lower-cased). Class and object arguments are
 * not values: read those from `decorator.args`.
 */
export function readArgument(
  context: AnalysisContext,
  decorator: BuiltinDecorator,
  index: number,
): ArgumentValue {
  const argument: DecoratorArgument | undefined = decorator.spec.args[index];
  const expression = decorator.args[index];
  const value = expression ? readArgumentAs(context, `@${decorator.name}`, argument, expression) : undefined;
  return normalizeArgument(argument, value);
}

/** The path argument of a route decorator made by `defineMethod(NAME)`. */
export function readCustomRoutePath(
  context: AnalysisContext,
  decorator: SvcDecorator & { kind: 'method' },
): string {
  const expression = decorator.args[0];
  const label = `@${decorator.httpMethod ?? 'custom method'}`;
  const value = expression ? readArgumentAs(context, label, CUSTOM_ROUTE_PATH, expression) : undefined;
  return normalizeArgument(CUSTOM_ROUTE_PATH, typeof value === 'string' ? value : undefined);
}

function readArgumentAs(
  context: AnalysisContext,
  label: string,
  argument: DecoratorArgument | undefined,
  expression: ts.Expression,
): ArgumentValue {
  const what = `${label} ${argument?.meaning ?? 'argument'}`;
  switch (argument?.shape) {
    case 'string':
      return requireStatic(context, expression, 'string', what);
    case 'number':
      return requireStatic(context, expression, 'number', what);
    case 'string[]':
      return requireStaticStrings(context, expression, what);
    default:
      return undefined;
  }
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
  ...names: DecoratorName[]
): BuiltinDecorator | undefined {
  return decorators.find(
    (decorator): decorator is BuiltinDecorator => decorator.kind === 'svc' && names.includes(decorator.name),
  );
}

export function allSvc(decorators: readonly SvcDecorator[], name: DecoratorName): BuiltinDecorator[] {
  return decorators.filter(
    (decorator): decorator is BuiltinDecorator => decorator.kind === 'svc' && decorator.name === name,
  );
}

/** The first svc decorator whose role in the table is of this kind (a route, a binding, a lifecycle role). */
export function findOfKind<K extends DecoratorSpec['role']['kind']>(
  decorators: readonly SvcDecorator[],
  kind: K,
): (BuiltinDecorator & { spec: { role: Extract<DecoratorSpec['role'], { kind: K }> } }) | undefined {
  return decorators.find(
    (
      decorator,
    ): decorator is BuiltinDecorator & { spec: { role: Extract<DecoratorSpec['role'], { kind: K }> } } =>
      decorator.kind === 'svc' && decorator.spec.role.kind === kind,
  );
}
