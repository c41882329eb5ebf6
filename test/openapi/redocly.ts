/**
 * Test helper: `@redocly/cli lint` with the recommended rules (redocly.yaml at the repository root
 * turns none off), on several documents in one run; the problems found, by file base name.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repo = fileURLToPath(new URL('../../', import.meta.url));

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { source: { ref: string }; pointer: string }[];
}

export async function lintFiles(files: readonly string[]): Promise<Map<string, LintProblem[]>> {
  const redocly = path.join(repo, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  const config = path.join(repo, 'redocly.yaml');
  const run = await promisify(execFile)(
    process.execPath,
    [redocly, 'lint', '--config', config, '--format', 'json', ...files],
    {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    },
    // It exits non-zero when it finds an error: the report is on stdout either way.
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const byFile = new Map<string, LintProblem[]>(files.map((file) => [path.basename(file), []]));
  // One JSON report per file, written one after the other (`}{` where one ends and the next begins).
  const reports = run.stdout.replace(/^\}\{$/gm, '}\n{').split(/^(?=\{$)/m);
  for (const report of reports.filter((part) => part.trim() !== '')) {
    for (const problem of (JSON.parse(report) as { problems: LintProblem[] }).problems) {
      const file = path.basename(problem.location[0]?.source.ref ?? '');
      byFile.get(file)?.push(problem);
    }
  }
  return byFile;
}

/** `rule at pointer: message` for each error. */
export function errorsOf(problems: readonly LintProblem[]): string[] {
  return problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
}
