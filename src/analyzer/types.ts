/** The analyzer's public entry points: project → app model (+ diagnostics). */
import type ts from 'typescript';
import type { AppModel } from '../model/app-model.js';
import type { AnalyzerDiagnostic } from './diagnostics.js';

export interface AnalyzeOptions {
  /** Project root (holds tsconfig.json). */
  root: string;
  /** tsconfig path; default `<root>/tsconfig.json`. */
  tsconfig?: string;
  /** The previous program, reused for incremental analysis in `svc dev`. */
  oldProgram?: ts.Program;
}

export interface AnalysisResult {
  /** Undefined when there are errors that prevent a model. */
  model: AppModel | undefined;
  diagnostics: AnalyzerDiagnostic[];
  /** The program, to reuse on the next run and to emit JS from. */
  program: ts.Program | undefined;
}
