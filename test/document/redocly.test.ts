/**
 * A third-party linter on the example's document: `@redocly/cli lint` with the recommended rules
 * (redocly.yaml at the repository root turns none off) reports no error on the document svc writes
 * for examples/bookstore.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { analyzeProject, buildOpenApiDocument, documentToJson } from '../../src/entries/openapi.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const bookstore = path.join(repo, 'examples', 'bookstore');
const temporary = mkdtempSync(path.join(tmpdir(), 'svc-redocly-'));
after(() => rmSync(temporary, { recursive: true, force: true }));

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

it('redocly lint (recommended) finds no error in the bookstore document', async () => {
  const result = analyzeProject({ root: bookstore });
  assert.deepEqual(result.diagnostics, []);
  const file = path.join(temporary, 'swagger.json');
  writeFileSync(file, documentToJson(buildOpenApiDocument(result.model!)));
  const redocly = path.join(repo, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  const run = await promisify(execFile)(
    process.execPath,
    [redocly, 'lint', '--config', path.join(repo, 'redocly.yaml'), '--format', 'json', file],
    { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(run.stdout) as { problems: LintProblem[] };
  const errors = report.problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
  assert.deepEqual(errors, []);
  // The one warning: svc's @ApiInfo has no license field to fill.
  assert.deepEqual(
    report.problems.map((problem) => problem.ruleId),
    ['info-license'],
  );
});
