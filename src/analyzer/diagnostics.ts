/** What the analyzer reports: errors stop `svc build`; warnings are printed and analysis goes on. */
import type { ErrorCode } from '../model/error-catalogue.js';

export interface AnalyzerDiagnostic {
  severity: 'error' | 'warning';
  /** Catalogue code for errors; warnings of unresolvable types use no code. */
  code?: ErrorCode;
  message: string;
  /** Relative to the project root, forward slashes. */
  file?: string;
  line?: number;
}

/** `file:line: message [CODE]` for errors; type warnings keep their own fixed wording. */
export function formatDiagnostic(diagnostic: AnalyzerDiagnostic): string {
  if (diagnostic.severity === 'warning') return diagnostic.message;
  const where = diagnostic.file ? `${diagnostic.file}:${diagnostic.line ?? 1}: ` : '';
  return `${where}error: ${diagnostic.message}${diagnostic.code ? ` [${diagnostic.code}]` : ''}`;
}

/** The warning for a type with no schema, worded exactly as docs/openapi.md shows it. */
export function cannotInferWarning(typeText: string, file: string, line: number): AnalyzerDiagnostic {
  return {
    severity: 'warning',
    message: `[svc_swagger] Warning: cannot infer schema for type '${typeText}' (${file}:${line}). Use @ApiType to specify the schema explicitly.`,
    file,
    line,
  };
}
