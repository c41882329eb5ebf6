/**
 * Golden tests of type → schema: each case folder `test/fixtures/schema/<case>/` has its input
 * in `main.ts` and the expected output in `schema.json`, compared as text (key order is part of
 * the output: documents are written in it). `UPDATE_GOLDENS=1` rewrites the goldens; review
 * every change with `git diff test/fixtures` (see test/fixtures/schema/README.md). What the
 * schemas accept is checked against hand-written samples in samples.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSchemaGenerator } from '../../../src/analyzer/schema/index.js';
import { assertGolden } from '../golden.js';
import { caseFile, convertSubjects, FIXTURE_DIR, fixtureCases, fixtureProgram } from './fixture-program.js';

test('every case folder is found', () => {
  assert.ok(fixtureCases().length >= 15, fixtureCases().join(', '));
});

for (const name of fixtureCases()) {
  test(`schema golden: ${name}`, () => {
    const program = fixtureProgram();
    const generator = createSchemaGenerator(program, FIXTURE_DIR);
    const schemas = convertSubjects(program, caseFile(name, 'main.ts'), generator);
    const actual = {
      schemas,
      components: generator.components(),
      warnings: generator.diagnostics().map((d) => d.message),
    };
    assertGolden(caseFile(name, 'schema.json'), `${JSON.stringify(actual, null, 2)}\n`);
  });
}
