/**
 * Golden tests of type → schema: each `test/fixtures/schema/<case>.ts` has its expected output
 * in `<case>.golden.json`. `UPDATE_GOLDENS=1` rewrites the goldens; review every change with
 * `git diff test/fixtures` (see test/fixtures/schema/README.md).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createSchemaGenerator } from '../../../src/analyzer/schema/index.js';
import { convertSubjects, FIXTURE_DIR, fixtureCases, fixtureProgram } from './fixture-program.js';

const update = process.env.UPDATE_GOLDENS === '1';

for (const name of fixtureCases()) {
  test(`schema golden: ${name}`, () => {
    const program = fixtureProgram();
    const generator = createSchemaGenerator(program, FIXTURE_DIR);
    const schemas = convertSubjects(program, path.join(FIXTURE_DIR, `${name}.ts`), generator);
    const actual = {
      schemas,
      components: generator.components(),
      warnings: generator.diagnostics().map((d) => d.message),
    };
    const goldenPath = path.join(FIXTURE_DIR, `${name}.golden.json`);
    const text = `${JSON.stringify(actual, null, 2)}\n`;
    if (update) {
      writeFileSync(goldenPath, text);
      return;
    }
    assert.ok(existsSync(goldenPath), `missing ${goldenPath}: run with UPDATE_GOLDENS=1 and review it`);
    assert.deepEqual(JSON.parse(text), JSON.parse(readFileSync(goldenPath, 'utf8')));
  });
}
