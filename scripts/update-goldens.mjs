// Rewrites every golden file in the repository: runs, with UPDATE_GOLDENS=1, each *.test.ts that
// writes goldens (it mentions UPDATE_GOLDENS or calls assertGolden), found by reading the tests
// rather than listed here, so a new golden test is never left out. Review with `git diff` after.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const roots = ['src', 'test'];
const skipDirs = new Set(['node_modules', 'fixtures', '.svc', 'dist']);
const writesGoldens = /\bUPDATE_GOLDENS\b|\bassertGolden\b/;

function collect(path, out) {
  if (statSync(path).isFile()) {
    if (path.endsWith('.test.ts') && writesGoldens.test(readFileSync(path, 'utf8'))) out.push(path);
    return out;
  }
  for (const entry of readdirSync(path).sort()) {
    if (!skipDirs.has(entry)) collect(join(path, entry), out);
  }
  return out;
}

const files = roots.flatMap((root) => collect(root, []));
if (files.length === 0) {
  console.error('update-goldens: no test writes goldens');
  process.exit(1);
}
console.log(`update-goldens: ${files.join(', ')}`);
// One file at a time, in path order: two tests may write the same golden (the sample app's
// swagger.json), or one read a golden that another rewrites.
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', UPDATE_GOLDENS: '1' } },
);
process.exit(result.status ?? 1);
