// The test files of the suite: every *.test.ts under the given paths (a file is taken as it is),
// outside fixtures, builds and dependencies, in a stable order. run-tests.mjs runs them;
// profile-tests.mjs times them one by one.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SKIPPED_DIRS = new Set(['node_modules', 'fixtures', '.svc', 'dist']);

export function testFiles(paths) {
  const found = [];
  const visit = (path) => {
    if (statSync(path).isFile()) {
      if (path.endsWith('.test.ts')) found.push(path);
      return;
    }
    for (const entry of readdirSync(path).sort()) {
      if (!SKIPPED_DIRS.has(entry)) visit(join(path, entry));
    }
  };
  for (const path of paths) visit(path);
  return found;
}
