// The entry of one test process of scripts/run-tests.mjs: imports the test files given, in order,
// so node:test collects all their tests under its one root and runs them one after another.
//   node --import tsx [--test-reporter ...] scripts/test-batch.mjs <test file>...
//
// No test starts before every file is imported: a file's top-level code (a fixture analyzed at
// import) would otherwise run in the middle of another file's test. A file that fails to load
// becomes a failing test named by its path, as under `node --test`, and the others still run.
import { resolve } from 'node:path';
import { before, test } from 'node:test';
import { pathToFileURL } from 'node:url';

let imported;
const allImported = new Promise((done) => (imported = done));
// The root's `before` hooks run before its first test, this one first of them.
before(() => allImported);

for (const file of process.argv.slice(2)) {
  try {
    await import(pathToFileURL(resolve(file)).href);
  } catch (error) {
    test(file, () => {
      throw error;
    });
  }
}
imported();
