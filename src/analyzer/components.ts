/** Lifecycle component classes (`component(Class)` targets) → ComponentModel. */
import ts from './typescript.cjs';
import type { ComponentMethodModel, ComponentModel, ComponentRole, ParamModel } from '../model/app-model.js';
import { catchClassOf, warnRuntimeStatus } from './catch-class.js';
import { dependenciesOf, exportNameOf, moduleOf } from './classes.js';
import { locationOf, reportError, type AnalysisContext } from './context.js';
import {
  classDeclarationOf,
  findOfKind,
  findSvc,
  readArgument,
  svcDecorators,
  type SvcDecorator,
} from './decorators.js';
import { extractParams } from './params.js';
import { extractReturn } from './returns.js';
import { readApiSecurity } from './security.js';
import { checkEarlyStatuses } from './early-status.js';
import { skipOuterExpressions } from './svc-symbols.js';

/** The lifecycle role decorator of a method (`@Guard()`, `@Catch(...)`), if it has one. */
function roleDecorator(decorators: SvcDecorator[]): RoleDecorator | undefined {
  return findOfKind(decorators, 'lifecycle');
}

type RoleDecorator = NonNullable<ReturnType<typeof findOfKind<'lifecycle'>>>;

/** True when some method of the class carries a lifecycle role decorator. */
export function hasRoleMethods(context: AnalysisContext, declaration: ts.ClassDeclaration): boolean {
  return declaration.members.some(
    (member) => ts.isMethodDeclaration(member) && roleDecorator(svcDecorators(context, member)) !== undefined,
  );
}

export function extractComponent(
  context: AnalysisContext,
  declaration: ts.ClassDeclaration,
  decoratorName: string | undefined,
): ComponentModel {
  const className = declaration.name?.text ?? 'default';
  const model: ComponentModel = {
    ...locationOf(context, declaration.name ?? declaration),
    className,
    module: moduleOf(context, declaration),
    dependencies: dependenciesOf(context, declaration),
    methods: [],
  };
  const exportName = exportNameOf(context, declaration);
  if (exportName) model.exportName = exportName;
  if (decoratorName) model.decoratorName = decoratorName;
  const security = readApiSecurity(context, declaration);
  if (security) model.security = security;
  checkEarlyStatuses(context, declaration);
  for (const member of declaration.members) {
    if (!ts.isMethodDeclaration(member)) continue;
    const method = componentMethod(context, className, member);
    if (method) model.methods.push(method);
  }
  return model;
}

function componentMethod(
  context: AnalysisContext,
  className: string,
  member: ts.MethodDeclaration,
): ComponentMethodModel | undefined {
  const decorators = svcDecorators(context, member);
  const role = roleDecorator(decorators);
  if (!role) return undefined;
  const methodName = member.name.getText();
  const method: ComponentMethodModel = {
    ...locationOf(context, member.name),
    methodName,
    role: role.spec.role.role,
    params: extractParams(context, member, `${className}.${methodName}`),
  };
  checkNextBindings(context, member, method.params, `${className}.${methodName}`, method.role);
  if (role.spec.role.role === 'catch') addCatcherFacts(context, member, method, role, decorators, className);
  return method;
}

/** `@Catch(ErrorClass)`'s class (its name, and where the runtime imports it) and the catcher's `@StatusCode`. */
function addCatcherFacts(
  context: AnalysisContext,
  member: ts.MethodDeclaration,
  method: ComponentMethodModel,
  role: RoleDecorator,
  decorators: SvcDecorator[],
  className: string,
): void {
  const errorClass = role.args[0];
  if (errorClass) {
    method.catches =
      classDeclarationOf(context, errorClass)?.name?.text ?? skipOuterExpressions(errorClass).getText();
    const catchesClass = catchClassOf(context, errorClass, `${className}.${method.methodName}`);
    if (catchesClass) method.catchesClass = catchesClass;
  }
  const statusCode = findSvc(decorators, 'StatusCode');
  const status = statusCode && readArgument(context, statusCode, 0);
  if (typeof status === 'number') method.statusCode = status;
  // Its answer is documented like a handler's: the declared return type is the body.
  method.returns = extractReturn(context, member, 'http');
  if (method.statusCode === undefined)
    warnRuntimeStatus(context, member, `${className}.${method.methodName}`);
}

/**
 * `@Next()` has something to bind only on an around-interceptor: elsewhere the runtime would hand
 * the method some other interceptor's `next`, so a route handler or another role may not use it.
 */
export function checkNextBindings(
  context: AnalysisContext,
  member: ts.MethodDeclaration,
  params: readonly ParamModel[],
  owner: string,
  role: ComponentRole | 'route',
): void {
  if (role === 'interceptor') return;
  for (const param of params) {
    if (param.source !== 'next') continue;
    const what = role === 'route' ? 'a route handler' : `a ${role} method`;
    reportError(
      context,
      'SVC_ERR_DECORATOR_TARGET',
      `@Next is on parameter '${param.name}' of ${owner}, ${what}; only an @Interceptor() method has a next() to bind`,
      member.parameters[param.index] ?? member,
    );
  }
}
