/**
 * The `.gitignore` that `svc init` writes keeps out what svc writes for the machine it runs on:
 * a project with it, tested once with `createTestApp` while its app runs, shows git nothing
 * under `.svc/` (the transpiled files of the run and the warm-start cache).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { TEMPLATES } from '../../src/cli/init-templates.js';
import { createTestApp } from '../../src/testing/index.js';

const svcEntry = fileURLToPath(new URL('../../src/index.ts', import.meta.url));
const project = mkdtempSync(join(tmpdir(), 'svc-init-gitignore-'));
after(() => rmSync(project, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(join(project, file, '..'), { recursive: true });
  writeFileSync(join(project, file), text);
}

it("git sees nothing under .svc/ once createTestApp ran, with svc init's .gitignore", async () => {
  const values = { name: 'my-api', svcRange: '^0.1.0' };
  for (const file of ['.gitignore', 'src/notes.controller.ts']) write(file, TEMPLATES[file]!(values));
  // The template's tsconfig, with svcjs resolved to these sources (the project installs nothing).
  const tsconfig = JSON.parse(TEMPLATES['tsconfig.json']!(values)) as { compilerOptions: object };
  tsconfig.compilerOptions = { ...tsconfig.compilerOptions, types: [], paths: { svcjs: [svcEntry] } };
  write('tsconfig.json', JSON.stringify(tsconfig));
  const app = await createTestApp({ root: project, log: () => {} });
  try {
    assert.equal((await app.inject({ method: 'GET', url: '/api/notes' })).status, 200);
    execFileSync('git', ['init', '-q'], { cwd: project });
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], {
      cwd: project,
      encoding: 'utf8',
    });
    const untracked = status.split('\n').filter((line) => line.includes('.svc/'));
    assert.deepEqual(untracked, []);
  } finally {
    await app.close();
  }
});
