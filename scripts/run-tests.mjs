// Collects every *.test.ts under the given roots (default: src and test) and runs them
// with Node's own test runner, TypeScript loaded through tsx. With SVC_TEST_DURATIONS=<file> it also
// writes each file's wall time there, slowest first (scripts/test-durations.mjs).
//
// A full run (no roots given) first fills the createTestApp warm-start cache of every fixture
// project, two processes side by side (scripts/warm-test-caches.ts says why); SVC_TEST_WARM=0
// skips that, SVC_TEST_WARM=1 does it for a partial run too.
import { spawn, spawnSync } from 'node:child_process';
import { fixtureProjects } from './fixture-projects.mjs';
import { testFiles } from './test-files.mjs';

const roots = process.argv.slice(2);
/** As many processes as the suite runs test files at once (SVC_TEST_CONCURRENCY overrides it). */
const CONCURRENCY = Number(process.env.SVC_TEST_CONCURRENCY ?? 2);

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'test' },
    });
    child.on('close', (code) => resolve(code));
  });
}

/** The projects dealt out round-robin to the warming processes, which run side by side. */
async function warmTestCaches() {
  const projects = ['test/fixtures', 'examples'].flatMap((dir) => fixtureProjects(dir)).sort();
  const shares = Array.from({ length: CONCURRENCY }, (_, n) =>
    projects.filter((_, i) => i % CONCURRENCY === n),
  );
  const script = new URL('./warm-test-caches.ts', import.meta.url).pathname;
  await Promise.all(shares.map((share) => run(['--import', 'tsx', script, ...share])));
}

const files = testFiles(roots.length ? roots : ['src', 'test']);
if (files.length === 0) {
  console.error('run-tests: no *.test.ts files found');
  process.exit(1);
}
const warmUp = process.env.SVC_TEST_WARM ?? (roots.length ? '0' : '1');
if (warmUp === '1') await warmTestCaches();
const reporters = ['--test-reporter=spec', '--test-reporter-destination=stdout'];
if (process.env.SVC_TEST_DURATIONS) {
  const durations = new URL('./test-durations.mjs', import.meta.url).href;
  reporters.push(
    `--test-reporter=${durations}`,
    `--test-reporter-destination=${process.env.SVC_TEST_DURATIONS}`,
  );
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${CONCURRENCY}`, ...reporters, ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);
