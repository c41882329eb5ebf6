/** What every extraction step shares: the program, the checker, the schema generator and the diagnostics sink. */
import path from 'node:path';
import ts from './typescript.cjs';
import type { SourceLocation } from '../model/app-model.js';
import type { ErrorCode } from '../model/error-catalogue.js';
import type { AnalyzerDiagnostic } from './diagnostics.js';
import type { SchemaGenerator } from './schema/types.js';

export interface AnalysisContext {
  readonly root: string;
  readonly program: ts.Program;
  readonly checker: ts.TypeChecker;
  readonly schemas: SchemaGenerator;
  readonly diagnostics: AnalyzerDiagnostic[];
}

export function createContext(root: string, program: ts.Program, schemas: SchemaGenerator): AnalysisContext {
  return { root, program, checker: program.getTypeChecker(), schemas, diagnostics: [] };
}

/** A path relative to the project root, with forward slashes. */
export function relativeFile(root: string, fileName: string): string {
  const key = `${root}\u0000${fileName}`;
  let relative = relativeFiles.get(key);
  if (relative === undefined) {
    relative = path.relative(root, fileName).split(path.sep).join('/');
    relativeFiles.set(key, relative);
  }
  return relative;
}

/** Asked for every route and parameter (their file:line): `path.relative` once per file. */
const relativeFiles = new Map<string, string>();

/** File (relative to the root) and 1-based line of a node. */
export function locationOf(context: AnalysisContext, node: ts.Node): SourceLocation {
  const sourceFile = node.getSourceFile();
  const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
  return { file: relativeFile(context.root, sourceFile.fileName), line: line + 1 };
}

export function reportError(
  context: AnalysisContext,
  code: ErrorCode,
  message: string,
  node?: ts.Node,
): void {
  const where = node ? locationOf(context, node) : {};
  context.diagnostics.push({ severity: 'error', code, message, ...where });
}
