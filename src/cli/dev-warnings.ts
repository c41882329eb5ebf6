/**
 * Prints a run's diagnostics for `svc dev`, where the same project is analyzed again on every
 * save: errors every time (the run failed because of them), a warning only when the previous
 * run did not print it too. A warning that stands while its source is unchanged is said once;
 * one that went away and came back, or moved to another line, is said again.
 */
import { formatDiagnostic, type AnalyzerDiagnostic } from '../analyzer/diagnostics.js';

export interface DiagnosticPrinter {
  /** Prints what analysis found (errors and warnings). */
  analysis(diagnostics: readonly AnalyzerDiagnostic[]): void;
  /** Prints the type check's errors. */
  errors(diagnostics: readonly AnalyzerDiagnostic[]): void;
}

/** `svc build` and single runs: everything, every time. */
export const printEverything: DiagnosticPrinter = {
  analysis: (diagnostics) => print(diagnostics),
  errors: (diagnostics) => print(diagnostics),
};

/** A rehearsal of the edit path (`svc dev`): its findings are said by the real run, if any. */
export const printNothing: DiagnosticPrinter = {
  analysis: () => undefined,
  errors: () => undefined,
};

export class WarnOncePrinter implements DiagnosticPrinter {
  private previous = new Set<string>();

  analysis(diagnostics: readonly AnalyzerDiagnostic[]): void {
    const current = new Set<string>();
    const fresh = diagnostics.filter((diagnostic) => {
      if (diagnostic.severity === 'error') return true;
      const key = formatDiagnostic(diagnostic);
      current.add(key);
      return !this.previous.has(key);
    });
    this.previous = current;
    print(fresh);
  }

  errors(diagnostics: readonly AnalyzerDiagnostic[]): void {
    print(diagnostics);
  }
}

function print(diagnostics: readonly AnalyzerDiagnostic[]): void {
  for (const diagnostic of diagnostics) process.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
}
