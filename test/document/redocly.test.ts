/**
 * A third-party linter on the example's documents: `@redocly/cli lint` with the recommended rules
 * (redocly.yaml at the repository root turns none off) reports no error on the three documents svc
 * writes for examples/bookstore (3.0.3, 3.1 and 3.2), and only the warnings the model cannot avoid.
 * test/openapi/apps.test.ts lints every example's and test app's documents for errors.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject, buildOpenApiDocuments, documentToJson } from '../../src/entries/openapi.js';
import { errorsOf, lintFiles } from '../openapi/redocly.js';

const bookstore = fileURLToPath(new URL('../../examples/bookstore/', import.meta.url));
const temporary = mkdtempSync(path.join(tmpdir(), 'svc-redocly-'));
after(() => rmSync(temporary, { recursive: true, force: true }));

const result = analyzeProject({ root: bookstore });

it('redocly lint (recommended) finds no error in the bookstore’s three documents', async () => {
  assert.deepEqual(result.diagnostics, []);
  assert.ok(result.model);
  const files = Object.entries(buildOpenApiDocuments(result.model)).map(([version, document]) => {
    const file = path.join(temporary, `bookstore-${version}.json`);
    writeFileSync(file, documentToJson(document));
    return file;
  });
  const problems = await lintFiles(files);
  assert.equal(problems.size, 3);
  for (const [file, found] of problems) {
    assert.deepEqual(errorsOf(found), [], file);
    // The warnings: svc's @ApiInfo has no license field to fill, and the model keeps no
    // description for a controller's tag.
    assert.deepEqual(
      found.map((problem) => problem.ruleId),
      ['info-license', 'tag-description', 'tag-description'],
      file,
    );
  }
});
