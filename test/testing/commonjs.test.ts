/**
 * `createTestApp` in a CommonJS package (no `"type": "module"`, what `npm init -y` gives) whose
 * `.ts` tests run under tsx, as a user has it: the built `svcjs` installed in node_modules. And
 * the transpiled sources under `.svc/test/` are gone after every run: closed, failed, or killed.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { REPO } from '../cli/helpers.js';

let project: string;

before(() => {
  project = mkdtempSync(join(tmpdir(), 'svc-commonjs-'));
  cpSync(join(REPO, 'test', 'fixtures', 'testing', 'commonjs'), project, { recursive: true });
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(REPO, join(project, 'node_modules', 'svcjs'), 'dir');
  for (const name of ['@types', 'tsx']) {
    symlinkSync(join(REPO, 'node_modules', name), join(project, 'node_modules', name), 'dir');
  }
});
after(() => rmSync(project, { recursive: true, force: true }));

/** `node --import tsx --test <file>` in the project, as its `npm test` would run it. */
function runTest(file: string): Promise<{ code: number | null; output: string }> {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  delete env.NODE_OPTIONS;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', file], { cwd: project, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

function scratchDirs(): string[] {
  const dir = join(project, '.svc', 'test');
  return existsSync(dir) ? readdirSync(dir) : [];
}

test('a CommonJS .ts test under tsx serves the project through createTestApp', async () => {
  const run = await runTest('test/greetings.test.ts');
  assert.equal(run.code, 0, run.output);
  assert.match(run.output, /# pass 1/);
  assert.doesNotMatch(run.output, /SVC_ERR_MODEL_STALE/);
  assert.deepEqual(scratchDirs(), []);
});

test('a failing test that never closes its app leaves no transpiled sources behind', async () => {
  const run = await runTest('test/never-closes.test.ts');
  assert.equal(run.code, 1, run.output);
  assert.match(run.output, /fails on purpose/);
  assert.deepEqual(scratchDirs(), []);
});

test('the next run removes what a killed process left, and only that', async () => {
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  const parent = join(project, '.svc', 'test');
  mkdirSync(join(parent, `run-${gone}-killed`), { recursive: true });
  mkdirSync(join(parent, `run-${process.pid}-running`));
  const run = await runTest('test/greetings.test.ts');
  assert.equal(run.code, 0, run.output);
  assert.deepEqual(scratchDirs(), [`run-${process.pid}-running`]);
  rmSync(join(parent, `run-${process.pid}-running`), { recursive: true });
});
