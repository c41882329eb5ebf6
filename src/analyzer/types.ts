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
  /**
   * Run the project's full type check (SVC_ERR_TYPE_CHECK errors); default true. The model and
   * the spec do not need it: `svc dev` and `svc build` analyze with `false`, write the spec, and
   * then call `typeCheckProject` so the spec is not held up by it (`svc build` still fails on it).
   */
  typeCheck?: boolean;
  /**
   * Emit source maps whatever the tsconfig says (`svc dev`: stack traces name the `.ts` lines).
   * Only what is emitted changes; analysis and type checking read the same options.
   */
  sourceMaps?: boolean;
}

/** Wall-clock milliseconds of each phase of one analysis run. */
export interface AnalysisPhases {
  /** Reading tsconfig, parsing changed files, building the program. */
  programMs: number;
  /** Extracting controllers, components and schemas, and assembling the model. */
  extractMs: number;
  /** The full type check; 0 when it was not asked for. */
  typeCheckMs: number;
}

export interface AnalysisResult {
  /** Undefined when there are errors that prevent a model. */
  model: AppModel | undefined;
  diagnostics: AnalyzerDiagnostic[];
  /** The program, to reuse on the next run and to emit JS from. */
  program: ts.Program | undefined;
  phases: AnalysisPhases;
}
