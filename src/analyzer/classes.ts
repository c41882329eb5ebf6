/** Facts about classes shared by controllers, components and the app class: module, export name, dependencies. */
import ts from './typescript.cjs';
import type { DependencyModel, InjectableModel } from '../model/app-model.js';
import { isFrameworkProvided } from '../model/framework-provided.js';
import { relativeFile, type AnalysisContext } from './context.js';
import { isSvcFile } from './svc-symbols.js';

/** A file of the user's project: not a declaration file, not a dependency, not svc itself. */
export function isProjectFile(context: AnalysisContext, sourceFile: ts.SourceFile): boolean {
  return isProjectSourceFile(context.program, context.root, sourceFile);
}

export function isProjectSourceFile(program: ts.Program, root: string, sourceFile: ts.SourceFile): boolean {
  if (sourceFile.isDeclarationFile || program.isSourceFileFromExternalLibrary(sourceFile)) return false;
  if (/[\\/]node_modules[\\/]/.test(sourceFile.fileName) || isSvcFile(sourceFile.fileName)) return false;
  return !relativeFile(root, sourceFile.fileName).startsWith('../');
}

export function moduleOf(context: AnalysisContext, node: ts.Node): string {
  return relativeFile(context.root, node.getSourceFile().fileName);
}

/** The name under which the class's module exports it (`default` for a default export). */
export function exportNameOf(context: AnalysisContext, declaration: ts.ClassDeclaration): string | undefined {
  const { checker } = context;
  const classSymbol = declaration.name && checker.getSymbolAtLocation(declaration.name);
  const moduleSymbol = checker.getSymbolAtLocation(declaration.getSourceFile());
  if (!classSymbol || !moduleSymbol) return undefined;
  let found: string | undefined;
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (target !== classSymbol) continue;
    const name = exported.getName();
    if (name === classSymbol.getName()) return name;
    found ??= name;
  }
  return found;
}

/** Module and export of a class, when it is exported from a project file. */
export function importableAs(
  context: AnalysisContext,
  declaration: ts.ClassDeclaration,
): { module: string; exportName: string } | undefined {
  if (!isProjectFile(context, declaration.getSourceFile())) return undefined;
  const exportName = exportNameOf(context, declaration);
  return exportName ? { module: moduleOf(context, declaration), exportName } : undefined;
}

/** The constructor parameters of a class, each provided by its declared class type. */
export function dependenciesOf(
  context: AnalysisContext,
  declaration: ts.ClassDeclaration,
): DependencyModel[] {
  const constructor = declaration.members.find(ts.isConstructorDeclaration);
  if (!constructor) return [];
  return constructor.parameters.map((parameter, index) => dependencyOf(context, parameter, index));
}

function dependencyOf(
  context: AnalysisContext,
  parameter: ts.ParameterDeclaration,
  index: number,
): DependencyModel {
  const type = context.checker.getTypeAtLocation(parameter);
  const symbol = type.getSymbol() ?? type.aliasSymbol;
  const dependency: DependencyModel = {
    name: parameter.name.getText(),
    index,
    typeName: symbol?.getName() ?? context.checker.typeToString(type),
  };
  const classDeclaration = symbol?.declarations?.find(ts.isClassDeclaration);
  const importable = classDeclaration && importableAs(context, classDeclaration);
  if (importable) Object.assign(dependency, importable);
  else if (classDeclaration && isSvcFile(classDeclaration.getSourceFile().fileName)) {
    if (isFrameworkProvided(dependency.typeName)) dependency.framework = dependency.typeName;
  }
  if (!classDeclaration && (parameter.initializer || parameter.questionToken)) dependency.optional = true;
  return dependency;
}

/**
 * The classes of a file the container may have to construct with arguments: exported classes
 * whose constructor has parameters. Assembly keeps those some constructor or provider reaches.
 */
export function injectablesOf(context: AnalysisContext, file: ts.SourceFile): InjectableModel[] {
  const injectables: InjectableModel[] = [];
  for (const statement of file.statements) {
    if (!ts.isClassDeclaration(statement)) continue;
    const dependencies = dependenciesOf(context, statement);
    const importable = dependencies.length > 0 ? importableAs(context, statement) : undefined;
    if (importable)
      injectables.push({ className: statement.name?.text ?? 'default', ...importable, dependencies });
  }
  return injectables;
}
