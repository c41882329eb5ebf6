/**
 * A third-party linter on the example's document: `@redocly/cli lint` with the recommended rules
 * (redocly.yaml at the repository root turns none off) reports no error on the document svc writes
 * for examples/bookstore, the 3.0.3 document and the 3.2 one.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  analyzeProject,
  buildOpenApi32Document,
  buildOpenApiDocument,
  document32ToJson,
  documentToJson,
} from '../../src/entries/openapi.js';

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

async function lint(file: string): Promise<LintProblem[]> {
  const redocly = path.join(repo, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  const run = await promisify(execFile)(
    process.execPath,
    [redocly, 'lint', '--config', path.join(repo, 'redocly.yaml'), '--format', 'json', file],
    { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return (JSON.parse(run.stdout) as { problems: LintProblem[] }).problems;
}

const result = analyzeProject({ root: bookstore });
const documents = {
  '3.0.3 (swagger.json)': () => documentToJson(buildOpenApiDocument(result.model!)),
  '3.2 (openapi-3.2.json)': () => document32ToJson(buildOpenApi32Document(result.model!)),
};

for (const [version, write] of Object.entries(documents)) {
  it(`redocly lint (recommended) finds no error in the bookstore's ${version} document`, async () => {
    assert.deepEqual(result.diagnostics, []);
    const file = path.join(temporary, `${version.split(' ')[0]}.json`);
    writeFileSync(file, write());
    const problems = await lint(file);
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    assert.deepEqual(errors, []);
    // The one warning: svc's @ApiInfo has no license field to fill.
    assert.deepEqual(
      problems.map((problem) => problem.ruleId),
      ['info-license'],
    );
  });
}
