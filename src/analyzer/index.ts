/**
 * The analyzer: a TypeScript project → the app model (PRODUCT.md 1, 2.6). Loads the project's
 * program, finds controllers, components and the app class by their svc decorators, and checks
 * the whole app. The model is undefined when any error was found.
 */
import ts from 'typescript';
import { APP_MODEL_VERSION, type AppModel } from '../model/app-model.js';
import { extractAppSettings, defaultAppSettings, resolveInfo } from './app-class.js';
import { checkApp } from './checks.js';
import { isProjectFile } from './classes.js';
import { createContext, type AnalysisContext } from './context.js';
import { collectDeclarations, type ProjectDeclarations } from './declarations.js';
import { extractComponent } from './components.js';
import { extractController } from './controllers.js';
import { fromTsDiagnostic, loadProgram } from './program.js';
import { collectModules } from './modules.js';
import { finalizeSchemas } from './model-schemas.js';
import { PROBLEM_SCHEMA_NAME } from './problem.js';
import { createSchemaGenerator } from './schema/index.js';
import type { AnalysisResult, AnalyzeOptions } from './types.js';
import type { AnalyzerDiagnostic } from './diagnostics.js';

export type { AnalyzeOptions, AnalysisResult } from './types.js';
export type { AnalyzerDiagnostic } from './diagnostics.js';
export { formatDiagnostic } from './diagnostics.js';

export function analyzeProject(options: AnalyzeOptions): AnalysisResult {
  const loaded = loadProgram(options.root, options.tsconfig, options.oldProgram);
  const program = loaded.program;
  if (!program) return { model: undefined, diagnostics: loaded.diagnostics, program: undefined };
  const context = createContext(options.root, program, createSchemaGenerator(program, options.root));
  context.diagnostics.push(...typeCheck(context, loaded.semanticDiagnostics));
  const model = buildModel(context, collectDeclarations(context));
  const diagnostics = sortDiagnostics([...context.diagnostics, ...context.schemas.diagnostics()]);
  const failed = diagnostics.some((diagnostic) => diagnostic.severity === 'error');
  return { model: failed ? undefined : model, diagnostics, program };
}

/** Errors before warnings, each by file and line (stable for equal positions). */
function sortDiagnostics(diagnostics: AnalyzerDiagnostic[]): AnalyzerDiagnostic[] {
  const rank = (diagnostic: AnalyzerDiagnostic): string =>
    `${diagnostic.severity === 'error' ? 0 : 1}\u0000${diagnostic.file ?? ''}\u0000${String(diagnostic.line ?? 0).padStart(8, '0')}`;
  return diagnostics
    .map((diagnostic, index) => ({ diagnostic, index, key: rank(diagnostic) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index))
    .map((entry) => entry.diagnostic);
}

/** Syntactic and semantic diagnostics of the project's own files (and of the compiler options). */
function typeCheck(
  context: AnalysisContext,
  semanticDiagnostics: (sourceFile: ts.SourceFile) => readonly ts.Diagnostic[],
): AnalyzerDiagnostic[] {
  const { program } = context;
  const found: ts.Diagnostic[] = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  for (const sourceFile of program.getSourceFiles()) {
    if (!isProjectFile(context, sourceFile)) continue;
    found.push(...program.getSyntacticDiagnostics(sourceFile), ...semanticDiagnostics(sourceFile));
  }
  return found
    .filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error)
    .map((diagnostic) => fromTsDiagnostic(context.root, diagnostic));
}

function buildModel(context: AnalysisContext, found: ProjectDeclarations): AppModel {
  const appClass = found.apps[0];
  const settings = appClass
    ? extractAppSettings(context, appClass.declaration, appClass.decorators)
    : defaultAppSettings();
  const controllers = found.controllers.map((controller) =>
    extractController(context, {
      ...controller,
      prefix: settings.prefix,
      problemSchema: PROBLEM_SCHEMA_NAME,
    }),
  );
  const components = found.components.map((component) =>
    extractComponent(context, component.declaration, component.decoratorName),
  );
  if (controllers.length === 0) {
    context.diagnostics.push({
      severity: 'error',
      code: 'SVC_ERR_NO_CONTROLLERS',
      message:
        'no class in the project is decorated with @Controller (the files of tsconfig.json were searched)',
    });
  }
  context.diagnostics.push(...checkApp(controllers, components));
  const model: AppModel = {
    version: APP_MODEL_VERSION,
    prefix: settings.prefix,
    host: settings.host,
    port: settings.port,
    info: resolveInfo(context, settings.info),
    controllers,
    components,
    schemas: {},
    modules: [],
  };
  if (settings.app) model.app = settings.app;
  model.schemas = finalizeSchemas(model, context.schemas.components());
  model.modules = collectModules(model);
  return model;
}
