/** Finds the declarations svc cares about in one project file, in source order. */
import ts from './typescript.cjs';
import type { AnalysisContext } from './context.js';
import { relativeFile } from './context.js';
import { classDeclarationOf, findSvc, svcDecorators, type SvcDecorator } from './decorators.js';
import { hasRoleMethods } from './components.js';
import { factoryCall } from './svc-symbols.js';

export interface DecoratedClass {
  declaration: ts.ClassDeclaration;
  decorators: SvcDecorator[];
}

/** `export const RequireAuth = component(BearerAuth)`: names the decorator of a component class. */
export interface ComponentFactory {
  /** File (relative to the root) and name of the component class. */
  classFile: string;
  className: string;
  decoratorName: string;
}

export interface FileDeclarations {
  apps: DecoratedClass[];
  controllers: (DecoratedClass & { controllerDecorator: SvcDecorator })[];
  /** Classes with lifecycle role methods, or made into a component in this file (wherever declared). */
  components: ts.ClassDeclaration[];
  factories: ComponentFactory[];
}

export function collectFileDeclarations(context: AnalysisContext, file: ts.SourceFile): FileDeclarations {
  const found: FileDeclarations = { apps: [], controllers: [], components: [], factories: [] };
  const factoryTargets = new Set<ts.ClassDeclaration>();
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement)) visitVariables(context, statement, found, factoryTargets);
  }
  for (const statement of file.statements) {
    if (ts.isClassDeclaration(statement)) visitClass(context, statement, found, factoryTargets);
  }
  // A class from another file made into a component here: its own file lists it only when it
  // has role methods, so this file lists it otherwise (assembly keeps one per class).
  for (const target of factoryTargets) {
    if (target.getSourceFile() !== file && !hasRoleMethods(context, target)) found.components.push(target);
  }
  return found;
}

function visitClass(
  context: AnalysisContext,
  declaration: ts.ClassDeclaration,
  found: FileDeclarations,
  factoryTargets: Set<ts.ClassDeclaration>,
): void {
  const decorators = svcDecorators(context, declaration);
  const controllerDecorator = findSvc(decorators, 'Controller');
  if (controllerDecorator) {
    found.controllers.push({ declaration, decorators, controllerDecorator });
    return;
  }
  if (findSvc(decorators, 'App', 'ApiInfo')) found.apps.push({ declaration, decorators });
  if (factoryTargets.has(declaration) || hasRoleMethods(context, declaration))
    found.components.push(declaration);
}

function visitVariables(
  context: AnalysisContext,
  statement: ts.VariableStatement,
  found: FileDeclarations,
  factoryTargets: Set<ts.ClassDeclaration>,
): void {
  for (const variable of statement.declarationList.declarations) {
    if (!ts.isIdentifier(variable.name) || !variable.initializer) continue;
    const call = factoryCall(context.checker, variable.name, 'component');
    const classArgument = call?.arguments[0];
    const declaration = classArgument && classDeclarationOf(context, classArgument);
    if (!declaration?.name) continue;
    factoryTargets.add(declaration);
    found.factories.push({
      classFile: relativeFile(context.root, declaration.getSourceFile().fileName),
      className: declaration.name.text,
      decoratorName: variable.name.text,
    });
  }
}
