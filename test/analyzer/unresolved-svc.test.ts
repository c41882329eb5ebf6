/** A project whose `svcjs` import does not resolve (svc not installed) is told so, at the import. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { analyzeProject, formatDiagnostic } from '../../src/analyzer/index.js';

let root: string;

before(() => {
  // Outside this repository, so that `svcjs` cannot resolve to it through a self-reference.
  root = mkdtempSync(join(tmpdir(), 'svc-unresolved-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(
    join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { module: 'NodeNext', strict: true, experimentalDecorators: true, types: [] },
      include: ['src'],
    }),
  );
  writeFileSync(
    join(root, 'src', 'hello.controller.ts'),
    "// svc is not installed here\nimport { Controller, Get } from 'svcjs';\n\n" +
      "@Controller('hello')\nexport class HelloController {\n  @Get()\n  hello(): string {\n    return 'hi';\n  }\n}\n",
  );
  writeFileSync(join(root, 'src', 'plain.ts'), 'export const plain = 1;\n');
});
after(() => rmSync(root, { recursive: true, force: true }));

test('an unresolved svcjs import is the error, at its line, instead of "no controllers"', () => {
  const result = analyzeProject({ root, typeCheck: false });
  assert.equal(result.model, undefined);
  assert.deepEqual(result.diagnostics.map(formatDiagnostic), [
    "src/hello.controller.ts:2: error: cannot resolve 'svcjs' from this file, so its decorators are unknown: " +
      'install svc in the project (npm install svcjs) [SVC_ERR_SVCJS_UNRESOLVED]',
  ]);
});
