/**
 * The analyzer: a TypeScript project → the app model (docs/architecture.md). Loads the project's
 * program, extracts what each project file declares (controllers, components, the app class),
 * assembles and checks the whole app. The model is undefined when any error was found.
 * The project's full type check is a phase apart (`typeCheck: false` skips it; the CLI writes
 * the spec first and runs `typeCheckProject` after): extraction never needs it.
 */
import ts from './typescript.cjs';
import type { AppModel } from '../model/app-model.js';
import { assembleModel } from './assemble.js';
import { isProjectSourceFile } from './classes.js';
import { createContext } from './context.js';
import type { AnalyzerDiagnostic } from './diagnostics.js';
import { FragmentCache } from './fragment-cache.js';
import { extractFragment, type FileFragment } from './fragments.js';
import { loadProgram } from './program.js';
import { createSchemaGenerator } from './schema/index.js';
import { typeCheckProject } from './type-check.js';
import type { AnalysisPhases, AnalysisResult, AnalyzeOptions } from './types.js';

export type { AnalysisPhases, AnalyzeOptions, AnalysisResult } from './types.js';
export { typeCheckProject } from './type-check.js';
export { forgetParse } from './program.js';
export type { AnalyzerDiagnostic } from './diagnostics.js';
export { formatDiagnostic } from './diagnostics.js';

export function analyzeProject(options: AnalyzeOptions): AnalysisResult {
  const started = performance.now();
  const phases: AnalysisPhases = { programMs: 0, extractMs: 0, typeCheckMs: 0 };
  const loaded = loadProgram(options.root, options.tsconfig, options.oldProgram, options.sourceMaps);
  const program = loaded.program;
  phases.programMs = performance.now() - started;
  if (!program) return { model: undefined, diagnostics: loaded.diagnostics, program: undefined, phases };
  const files = projectFiles(program, options.root);
  const built =
    buildModel(options.root, program, files, FragmentCache.for(program, options.oldProgram)) ??
    // Reused fragments disagreed on a schema name: extract everything afresh.
    (buildModel(options.root, program, files, FragmentCache.for(program, undefined)) as BuiltModel);
  phases.extractMs = performance.now() - started - phases.programMs;
  let typeErrors: AnalyzerDiagnostic[] = [];
  if (options.typeCheck !== false) {
    typeErrors = typeCheckProject(options.root, program);
    phases.typeCheckMs = performance.now() - started - phases.programMs - phases.extractMs;
  }
  const diagnostics = sortDiagnostics(dedupe([...typeErrors, ...built.diagnostics]));
  const failed = diagnostics.some((diagnostic) => diagnostic.severity === 'error');
  return { model: failed ? undefined : built.model, diagnostics, program, phases };
}

interface BuiltModel {
  model: AppModel;
  diagnostics: AnalyzerDiagnostic[];
}

function buildModel(
  root: string,
  program: ts.Program,
  files: ts.SourceFile[],
  cache: FragmentCache,
): BuiltModel | undefined {
  const context = createContext(root, program, createSchemaGenerator(program, root));
  const fragments: FileFragment[] = files.map((file) => {
    const reused = cache.reuse(file);
    if (reused) return reused;
    const fragment = extractFragment(context, file);
    cache.store(file, fragment);
    return fragment;
  });
  const assemblyStart = context.diagnostics.length;
  const model = assembleModel(context, fragments);
  if (!model) return undefined;
  cache.commit();
  const diagnostics = [
    ...fragments.flatMap((fragment) => fragment.diagnostics),
    ...context.diagnostics.slice(assemblyStart),
  ];
  return { model, diagnostics };
}

/** The project's own files, sorted by name so that every run meets them in the same order. */
function projectFiles(program: ts.Program, root: string): ts.SourceFile[] {
  const files = program.getSourceFiles().filter((file) => isProjectSourceFile(program, root, file));
  return files.sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
}

/** The same schema warning can come from a reused and a fresh fragment: print it once. */
function dedupe(diagnostics: AnalyzerDiagnostic[]): AnalyzerDiagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((diagnostic) => {
    const key = `${diagnostic.severity}\u0000${diagnostic.code ?? ''}\u0000${diagnostic.file ?? ''}:${diagnostic.line ?? 0}\u0000${diagnostic.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
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
