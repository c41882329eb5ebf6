// Removes from dist/ every emitted file whose source is gone from src/ (a module moved or
// deleted since the last build) or is a test file. tsc never deletes old output, so without
// this a stale test-only module would stay in dist/ and ship in the package. It deletes only
// files with no live source, so a build running beside other processes reading dist/ is safe.
// It also removes source maps: the build writes none (tsconfig.build.json), since they would
// send stack traces under --enable-source-maps (`svc dev`) to src/*.ts, which the package does
// not ship; without them svc's own frames name the dist/*.js files that are there.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Each kind of file tsc writes, and the extension of the source it comes from. */
const OUTPUT_SUFFIXES = [
  ['.d.ts.map', '.ts'],
  ['.js.map', '.ts'],
  ['.d.ts', '.ts'],
  ['.js', '.ts'],
  ['.d.cts', '.cts'],
  ['.cjs', '.cts'],
];

function sourceOf(distFile) {
  const output = OUTPUT_SUFFIXES.find(([suffix]) => distFile.endsWith(suffix));
  if (!output) return undefined;
  const [suffix, sourceSuffix] = output;
  return join('src', relative('dist', distFile.slice(0, -suffix.length)) + sourceSuffix);
}

function isStale(distFile) {
  const source = sourceOf(distFile);
  if (source === undefined) return false; // not a tsc output: someone put it there on purpose
  if (distFile.endsWith('.map')) return true;
  return !existsSync(source) || source.endsWith('.test.ts');
}

function prune(dir, removed) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      prune(path, removed);
      if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
    } else if (isStale(path)) {
      rmSync(path);
      removed.push(path);
    }
  }
  return removed;
}

if (existsSync('dist')) {
  const removed = prune('dist', []);
  if (removed.length > 0) console.log(`prune-dist: removed ${removed.length} stale file(s)`);
}
