/**
 * One analysis run for `dev` and `build`: analyze, write the spec files, then type-check. The
 * spec does not wait for the full type check (the analyzer does not need it), but type errors
 * still fail the run: `svc build` exits non-zero and `svc dev` keeps the last good server.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type ts from 'typescript';
import { analyzeProject, typeCheckProject } from '../analyzer/index.js';
export { forgetParse } from '../analyzer/index.js';
import type { AnalyzerDiagnostic } from '../analyzer/diagnostics.js';
import type { AppModel } from '../model/app-model.js';
import { writeClientFile } from '../client-gen/index.js';
import { SPEC_DIRECTORY, writeDocumentTexts } from '../openapi/write.js';
import { OutputCache } from './output-cache.js';
import { printEverything, type DiagnosticPrinter } from './dev-warnings.js';

export interface AnalysisRun {
  /** Present when analysis and the type check succeeded (no errors). */
  model: AppModel | undefined;
  program: ts.Program | undefined;
  errors: AnalyzerDiagnostic[];
  /** Analysis and spec writing. */
  milliseconds: number;
  /** The project's type check, after the spec was written. */
  typeCheckMilliseconds: number;
}

export interface AnalysisSettings {
  /** Emit source maps whatever the tsconfig says (`svc dev`). */
  sourceMaps?: boolean;
  /** How diagnostics are printed; default: all of them. */
  printer?: DiagnosticPrinter;
  /**
   * The model the documents on disk were last written from, kept between runs (`svc dev`): an
   * edit that leaves the model as it was (a comment, a handler body) rewrites nothing.
   */
  written?: WrittenModel;
}

export interface WrittenModel {
  /** The model's key (./output-cache.ts): equal keys, equal model as JSON. */
  json?: string;
}

/**
 * Analyzes `root` (reusing `oldProgram` when given); on success writes .svc/svc_swagger/swagger.{json,yaml}
 * (OpenAPI 3.0.3), openapi-3.1.{json,yaml}, openapi-3.2.{json,yaml} and the typed client .svc/client.ts.
 */
export async function analyzeAndWriteSpec(
  root: string,
  oldProgram?: ts.Program,
  settings: AnalysisSettings = {},
): Promise<AnalysisRun> {
  const started = performance.now();
  const printer = settings.printer ?? printEverything;
  const result = analyzeProject({
    root,
    typeCheck: false,
    sourceMaps: settings.sourceMaps ?? false,
    ...(oldProgram && { oldProgram }),
  });
  printer.analysis(result.diagnostics);
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  let model = errors.length === 0 ? result.model : undefined;
  const outputs = OutputCache.for(result.program, oldProgram);
  if (model) await writeDocuments(root, model, settings.written, outputs);
  const milliseconds = performance.now() - started;
  const typeErrors = result.program ? typeCheckProject(root, result.program) : [];
  printer.errors(typeErrors);
  errors.push(...typeErrors);
  if (typeErrors.length > 0) model = undefined;
  const typeCheckMilliseconds = performance.now() - started - milliseconds;
  return { model, program: result.program, errors, milliseconds, typeCheckMilliseconds };
}

/** The three OpenAPI documents and the typed client, unless `written` says they are up to date. */
async function writeDocuments(
  root: string,
  model: AppModel,
  written: WrittenModel | undefined,
  outputs: OutputCache,
): Promise<void> {
  const keys = outputs.keys(model);
  if (keys.model === written?.json && existsSync(join(root, SPEC_DIRECTORY))) return;
  await Promise.all([
    writeDocumentTexts(root, outputs.documentTexts(model, keys)),
    writeClientFile(root, outputs.clientText(model, keys)),
  ]);
  if (written) written.json = keys.model;
}

/** True when the only way forward is fixing the command line (no project at that root). */
export function isFatalForDev(errors: readonly AnalyzerDiagnostic[]): boolean {
  return errors.some((error) => error.code === 'SVC_ERR_TSCONFIG_MISSING');
}
