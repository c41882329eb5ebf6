/** Lifecycle component classes (`component(Class)` targets) → ComponentModel. */
import ts from 'typescript';
import type { ComponentMethodModel, ComponentModel, ComponentRole } from '../model/app-model.js';
import { dependenciesOf, exportNameOf, moduleOf } from './classes.js';
import { locationOf, type AnalysisContext } from './context.js';
import { classDeclarationOf, svcDecorators, type SvcDecorator } from './decorators.js';
import { extractParams } from './params.js';
import { skipOuterExpressions } from './svc-symbols.js';

const ROLES: Record<string, ComponentRole> = {
  Middleware: 'middleware',
  Guard: 'guard',
  PreInterceptor: 'preInterceptor',
  PostInterceptor: 'postInterceptor',
  Catch: 'catch',
};

/** The role decorator of a method, if it has one. */
function roleDecorator(decorators: SvcDecorator[]): (SvcDecorator & { kind: 'svc' }) | undefined {
  return decorators.find(
    (decorator): decorator is SvcDecorator & { kind: 'svc' } =>
      decorator.kind === 'svc' && decorator.name in ROLES,
  );
}

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
  const role = roleDecorator(svcDecorators(context, member));
  if (!role) return undefined;
  const methodName = member.name.getText();
  const method: ComponentMethodModel = {
    ...locationOf(context, member.name),
    methodName,
    role: ROLES[role.name] as ComponentRole,
    params: extractParams(context, member, `${className}.${methodName}`),
  };
  const errorClass = role.name === 'Catch' ? role.args[0] : undefined;
  if (errorClass) {
    method.catches =
      classDeclarationOf(context, errorClass)?.name?.text ?? skipOuterExpressions(errorClass).getText();
  }
  return method;
}
