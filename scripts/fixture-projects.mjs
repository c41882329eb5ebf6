// The fixture projects of the repository: every folder under the given roots whose tsconfig maps
// `svcjs` to these sources, as createTestApp runs them in place. scripts/run-tests.mjs warms their
// caches; test/openapi/apps.test.ts checks the documents of each one that analyzes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function mapsSvcSources(dir) {
  const tsconfig = join(dir, 'tsconfig.json');
  return existsSync(tsconfig) && /"paths"\s*:\s*\{[^}]*"svcjs"/.test(readFileSync(tsconfig, 'utf8'));
}

/** The projects under `dir` (itself included), in a stable order. */
export function fixtureProjects(dir) {
  const found = [];
  const visit = (folder) => {
    if (mapsSvcSources(folder)) found.push(folder);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== '.svc') {
        visit(join(folder, entry.name));
      }
    }
  };
  visit(dir);
  return found.sort();
}
