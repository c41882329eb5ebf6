/**
 * The project's full type check (SVC_ERR_TYPE_CHECK). The model and the spec never need it, so
 * it is a phase of its own: `svc build` runs it after writing the spec and still fails on its
 * errors. Semantic diagnostics come from the builder program, which re-checks only the files a
 * change affects (`svc dev` passes the last program back).
 */
import ts from './typescript.cjs';
import { isProjectSourceFile } from './classes.js';
import type { AnalyzerDiagnostic } from './diagnostics.js';
import { builderOf, fromTsDiagnostic } from './program.js';

/** Option, global, syntactic and semantic errors of the project's own files. */
export function typeCheckProject(root: string, program: ts.Program): AnalyzerDiagnostic[] {
  const builder = builderOf(program);
  const found: ts.Diagnostic[] = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  for (const sourceFile of program.getSourceFiles()) {
    if (!isProjectSourceFile(program, root, sourceFile)) continue;
    found.push(...program.getSyntacticDiagnostics(sourceFile));
    found.push(
      ...(builder ? builder.getSemanticDiagnostics(sourceFile) : program.getSemanticDiagnostics(sourceFile)),
    );
  }
  return found
    .filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error)
    .map((diagnostic) => fromTsDiagnostic(root, diagnostic));
}
