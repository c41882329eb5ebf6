/**
 * Imports of `svcjs` that do not resolve (svc not installed, a typo in the specifier). The
 * analyzer recognises decorators by the svc export they resolve to, so with svc unresolved it
 * sees no controller at all: these errors say why, at each import, instead.
 */
import ts from './typescript.cjs';
import { isProjectSourceFile } from './classes.js';
import { type AnalysisContext, relativeFile } from './context.js';
import type { AnalyzerDiagnostic } from './diagnostics.js';

const SVC_PACKAGE = /^svcjs(\/|$)/;

export function unresolvedSvcImports(context: AnalysisContext): AnalyzerDiagnostic[] {
  const { program, root } = context;
  const options = program.getCompilerOptions();
  const diagnostics: AnalyzerDiagnostic[] = [];
  for (const file of program.getSourceFiles()) {
    if (!isProjectSourceFile(program, root, file)) continue;
    for (const statement of file.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const specifier = statement.moduleSpecifier.text;
      if (!SVC_PACKAGE.test(specifier)) continue;
      const mode = program.getModeForUsageLocation(file, statement.moduleSpecifier);
      if (
        ts.resolveModuleName(specifier, file.fileName, options, ts.sys, undefined, undefined, mode)
          .resolvedModule
      )
        continue;
      diagnostics.push({
        severity: 'error',
        code: 'SVC_ERR_SVCJS_UNRESOLVED',
        message:
          `cannot resolve '${specifier}' from this file, so its decorators are unknown: ` +
          'install svc in the project (npm install svcjs)',
        file: relativeFile(root, file.fileName),
        line: file.getLineAndCharacterOfPosition(statement.getStart(file)).line + 1,
      });
    }
  }
  return diagnostics;
}
