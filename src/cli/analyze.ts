/** One analysis run for `dev` and `build`: analyze, print diagnostics, write the spec files. */
import type ts from 'typescript';
import { analyzeProject } from '../analyzer/index.js';
import { formatDiagnostic, type AnalyzerDiagnostic } from '../analyzer/diagnostics.js';
import type { AppModel } from '../model/app-model.js';
import { buildOpenApiDocument, writeSpecFiles } from '../openapi/index.js';

export interface AnalysisRun {
  /** Present when analysis succeeded (no errors). */
  model: AppModel | undefined;
  program: ts.Program | undefined;
  errors: AnalyzerDiagnostic[];
  milliseconds: number;
}

/** Analyzes `root` (reusing `oldProgram` when given); on success writes .svc/svc_swagger/swagger.{json,yaml}. */
export async function analyzeAndWriteSpec(root: string, oldProgram?: ts.Program): Promise<AnalysisRun> {
  const started = performance.now();
  const result = await analyzeProject({ root, ...(oldProgram && { oldProgram }) });
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  for (const diagnostic of result.diagnostics) process.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
  const model = errors.length === 0 ? result.model : undefined;
  if (model) await writeSpecFiles(root, buildOpenApiDocument(model));
  return { model, program: result.program, errors, milliseconds: performance.now() - started };
}

/** True when the only way forward is fixing the command line (no project at that root). */
export function isFatalForDev(errors: readonly AnalyzerDiagnostic[]): boolean {
  return errors.some((error) => error.code === 'SVC_ERR_TSCONFIG_MISSING');
}
