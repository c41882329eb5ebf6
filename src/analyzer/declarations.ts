/** Finds the declarations svc cares about in the project's own files, in a deterministic order. */
import ts from 'typescript';
import { isProjectFile } from './classes.js';
import type { AnalysisContext } from './context.js';
import { classDeclarationOf, findSvc, svcDecorators, type SvcDecorator } from './decorators.js';
import { hasRoleMethods } from './components.js';
import { factoryCall } from './svc-symbols.js';

export interface DecoratedClass {
  declaration: ts.ClassDeclaration;
  decorators: SvcDecorator[];
}

export interface ProjectDeclarations {
  apps: DecoratedClass[];
  controllers: (DecoratedClass & { controllerDecorator: SvcDecorator })[];
  components: { declaration: ts.ClassDeclaration; decoratorName: string | undefined }[];
}

export function collectDeclarations(context: AnalysisContext): ProjectDeclarations {
  const found: ProjectDeclarations = { apps: [], controllers: [], components: [] };
  const componentNames = new Map<ts.ClassDeclaration, string | undefined>();
  const files = context.program.getSourceFiles().filter((file) => isProjectFile(context, file));
  files.sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  for (const file of files) {
    for (const statement of file.statements) {
      if (ts.isClassDeclaration(statement)) visitClass(context, statement, found, componentNames);
      else if (ts.isVariableStatement(statement)) visitVariables(context, statement, componentNames);
    }
  }
  for (const [declaration, decoratorName] of componentNames) {
    if (isProjectFile(context, declaration.getSourceFile()))
      found.components.push({ declaration, decoratorName });
  }
  found.components.sort((a, b) => compareDeclarations(a.declaration, b.declaration));
  return found;
}

function visitClass(
  context: AnalysisContext,
  declaration: ts.ClassDeclaration,
  found: ProjectDeclarations,
  componentNames: Map<ts.ClassDeclaration, string | undefined>,
): void {
  const decorators = svcDecorators(context, declaration);
  const controllerDecorator = findSvc(decorators, 'Controller');
  if (controllerDecorator) {
    found.controllers.push({ declaration, decorators, controllerDecorator });
    return;
  }
  if (findSvc(decorators, 'App', 'ApiInfo')) found.apps.push({ declaration, decorators });
  if (!componentNames.has(declaration) && hasRoleMethods(context, declaration)) {
    componentNames.set(declaration, undefined);
  }
}

/** `export const RequireAuth = component(BearerAuth)` names BearerAuth's decorator. */
function visitVariables(
  context: AnalysisContext,
  statement: ts.VariableStatement,
  componentNames: Map<ts.ClassDeclaration, string | undefined>,
): void {
  for (const variable of statement.declarationList.declarations) {
    if (!ts.isIdentifier(variable.name) || !variable.initializer) continue;
    const call = factoryCall(context.checker, variable.name, 'component');
    const classArgument = call?.arguments[0];
    const declaration = classArgument && classDeclarationOf(context, classArgument);
    if (declaration && componentNames.get(declaration) === undefined) {
      componentNames.set(declaration, variable.name.text);
    }
  }
}

function compareDeclarations(a: ts.Node, b: ts.Node): number {
  const fileA = a.getSourceFile().fileName;
  const fileB = b.getSourceFile().fileName;
  if (fileA !== fileB) return fileA < fileB ? -1 : 1;
  return a.pos - b.pos;
}
