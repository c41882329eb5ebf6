// Collects every *.test.ts under the given roots (default: src and test) and runs them
// with Node's own test runner, TypeScript loaded through tsx.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const roots = process.argv.slice(2);
const skipDirs = new Set(['node_modules', 'fixtures', '.svc', 'dist']);

function collect(path, out) {
  if (statSync(path).isFile()) {
    if (path.endsWith('.test.ts')) out.push(path);
    return out;
  }
  for (const entry of readdirSync(path).sort()) {
    if (!skipDirs.has(entry)) collect(join(path, entry), out);
  }
  return out;
}

const files = (roots.length ? roots : ['src', 'test']).flatMap((root) => collect(root, []));
if (files.length === 0) {
  console.error('run-tests: no *.test.ts files found');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);
