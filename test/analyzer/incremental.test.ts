/** Re-analysis with the previous program (what `svc dev` does on a change). */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { analyzeProject, typeCheckProject } from '../../src/analyzer/index.js';
import { ANALYSIS_TSCONFIG } from '../support/scratch-project.js';

function controllerSource(routePath: string, returnType: string, body: string): string {
  return [
    "import { Controller, Get } from 'svcjs';",
    "@Controller('things')",
    'export class ThingsController {',
    `  @Get('${routePath}')`,
    `  list(): ${returnType} {`,
    `    return ${body};`,
    '  }',
    '}',
    '',
  ].join('\n');
}

describe('incremental analysis', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'svc-incremental-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'tsconfig.json'), ANALYSIS_TSCONFIG);
  const controllerFile = path.join(root, 'src', 'things.ts');

  it('sees each change, reports errors, and recovers when they are fixed', () => {
    writeFileSync(controllerFile, controllerSource('all', 'string[]', "['a']"));
    const first = analyzeProject({ root });
    assert.deepEqual(first.diagnostics, []);
    assert.equal(first.model?.controllers[0]?.routes[0]?.fullPath, '/api/things/all');

    writeFileSync(controllerFile, controllerSource('every', 'string', "'a'"));
    const second = analyzeProject({ root, oldProgram: first.program });
    assert.deepEqual(second.diagnostics, []);
    assert.equal(second.model?.controllers[0]?.routes[0]?.fullPath, '/api/things/every');
    assert.equal(second.model?.controllers[0]?.routes[0]?.returns.kind, 'text');

    writeFileSync(controllerFile, controllerSource('every', 'number', "'a'"));
    const broken = analyzeProject({ root, oldProgram: second.program });
    assert.equal(broken.model, undefined);
    assert.deepEqual(
      broken.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.file, diagnostic.line]),
      [['SVC_ERR_TYPE_CHECK', 'src/things.ts', 6]],
    );

    // The spec path skips the type check: the model comes out, and the check is its own step.
    const unchecked = analyzeProject({ root, oldProgram: broken.program, typeCheck: false });
    assert.deepEqual(unchecked.diagnostics, []);
    assert.equal(unchecked.model?.controllers[0]?.routes[0]?.returns.kind, 'json');
    assert.equal(unchecked.phases.typeCheckMs, 0);
    assert.deepEqual(
      typeCheckProject(root, unchecked.program!).map((diagnostic) => [diagnostic.code, diagnostic.line]),
      [['SVC_ERR_TYPE_CHECK', 6]],
    );

    writeFileSync(controllerFile, controllerSource('every', 'number', '1'));
    const fixed = analyzeProject({ root, oldProgram: broken.program });
    assert.deepEqual(fixed.diagnostics, []);
    assert.equal(fixed.model?.controllers[0]?.routes[0]?.returns.kind, 'json');
  });

  it('re-extracts a controller when a type it uses changes in another file, and matches a cold run', () => {
    const modelsFile = path.join(root, 'src', 'models.ts');
    const usersFile = path.join(root, 'src', 'users.ts');
    writeFileSync(modelsFile, 'export interface User {\n  id: string;\n}\n');
    writeFileSync(
      usersFile,
      [
        "import { Controller, Get } from 'svcjs';",
        "import type { User } from './models.js';",
        "@Controller('users')",
        'export class UsersController {',
        '  @Get()',
        '  list(): User[] {',
        '    return [];',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    const first = analyzeProject({ root });
    assert.deepEqual(first.diagnostics, []);
    assert.deepEqual(Object.keys(first.model!.schemas.User!.properties!), ['id']);

    const unchanged = analyzeProject({ root, oldProgram: first.program });
    assert.deepEqual(unchanged.model, first.model, 'nothing changed, same model');

    writeFileSync(modelsFile, 'export interface User {\n  id: string;\n  name: string;\n}\n');
    const warm = analyzeProject({ root, oldProgram: unchanged.program });
    assert.deepEqual(Object.keys(warm.model!.schemas.User!.properties!), ['id', 'name']);
    assert.deepEqual(warm.model, analyzeProject({ root }).model, 'warm and cold runs agree');
  });
});

describe('an edit re-parses the edited file only', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'svc-incremental-parse-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'src'));
  // Node's type declarations in the program, as in most projects: global declarations, so a
  // re-parse of them makes every project file affected.
  const tsconfig = JSON.parse(ANALYSIS_TSCONFIG) as { compilerOptions: Record<string, unknown> };
  const typeRoots = [fileURLToPath(new URL('../../node_modules/@types', import.meta.url))];
  Object.assign(tsconfig.compilerOptions, { typeRoots, types: ['node'] });
  writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify(tsconfig));
  const controllerFile = path.join(root, 'src', 'things.ts');

  it("keeps every other file's parse, Node's declarations included, on the first edit", () => {
    writeFileSync(controllerFile, controllerSource('all', 'string[]', "['a']"));
    const cold = analyzeProject({ root, typeCheck: false });
    assert.ok(cold.program?.getSourceFiles().some((file) => file.fileName.includes('/@types/node/')));
    writeFileSync(controllerFile, controllerSource('every', 'string[]', "['a']"));
    const edited = analyzeProject({ root, typeCheck: false, oldProgram: cold.program });
    assert.deepEqual(edited.diagnostics, []);
    const kept = new Set(cold.program!.getSourceFiles());
    const parsed = edited.program!.getSourceFiles().filter((file) => !kept.has(file));
    assert.deepEqual(
      parsed.map((file) => path.relative(root, file.fileName)),
      [path.join('src', 'things.ts')],
    );
  });
});
