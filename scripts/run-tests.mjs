// Collects every *.test.ts under the given roots (default: src and test) and runs them with Node's
// own test runner, TypeScript loaded through tsx, SVC_TEST_CONCURRENCY (default 2) processes at a
// time. Most files share a process, a batch of neighbours (scripts/test-plan.mjs says which and
// why: each process costs ~1.7 CPU-seconds to start); each process's report is printed when it
// ends, then the totals and every failed test with its file. With SVC_TEST_DURATIONS=<file> it also
// writes each process's wall time and files there, slowest first.
//
// A full run (no roots given) first fills the createTestApp warm-start cache of every fixture
// project, two processes side by side (scripts/warm-test-caches.ts says why); SVC_TEST_WARM=0
// skips that, SVC_TEST_WARM=1 does it for a partial run too.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtureProjects } from './fixture-projects.mjs';
import { planProcesses } from './test-plan.mjs';
import { testFiles } from './test-files.mjs';

const roots = process.argv.slice(2);
/** As many processes as the suite runs at once (SVC_TEST_CONCURRENCY overrides it). */
const CONCURRENCY = Number(process.env.SVC_TEST_CONCURRENCY ?? 2);
/** Files per process at most; 1 runs each file alone (SVC_TEST_BATCH overrides it). */
const BATCH_SIZE = Number(process.env.SVC_TEST_BATCH ?? 8);
const script = (name) => new URL(name, import.meta.url).pathname;

/** Runs node with `args`; resolves with its exit code and everything it printed, in order. */
function run(args, { quiet }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, NODE_ENV: 'test' },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? signal, output: Buffer.concat(output) }));
  });
}

/** The projects dealt out round-robin to the warming processes, which run side by side. */
async function warmTestCaches() {
  const projects = ['test/fixtures', 'examples'].flatMap((dir) => fixtureProjects(dir)).sort();
  const shares = Array.from({ length: CONCURRENCY }, (_, n) =>
    projects.filter((_, i) => i % CONCURRENCY === n),
  );
  const warm = script('./warm-test-caches.ts');
  await Promise.all(shares.map((share) => run(['--import', 'tsx', warm, ...share], { quiet: false })));
}

/** One process of test files; its report is printed whole when it ends, never interleaved. */
async function runProcess(files, scratch, index) {
  const failures = join(scratch, `failures-${index}.txt`);
  const args = [
    '--import',
    'tsx',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${new URL('./test-failures.mjs', import.meta.url).href}`,
    `--test-reporter-destination=${failures}`,
    script('./test-batch.mjs'),
    ...files,
  ];
  const started = performance.now();
  const { code, output } = await run(args, { quiet: true });
  const ms = performance.now() - started;
  process.stdout.write(output);
  let failed = [];
  try {
    failed = readFileSync(failures, 'utf8').split('\n').filter(Boolean);
  } catch {
    // No file: the process died before its reporters ran; the exit code below says so.
  }
  // A process that failed without a failed test (it crashed, or a hook failed) names its files.
  if (code !== 0 && failed.length === 0) failed = files.map((file) => `${file}\t(exit ${code})`);
  return { files, ms, failed, counts: summaryCounts(output.toString()) };
}

/** The spec reporter's closing lines (`ℹ tests 12`, `ℹ pass 12`, ...) as numbers. */
function summaryCounts(text) {
  const counts = {};
  for (const [, name, value] of text.matchAll(/^ℹ (\w+) ([\d.]+)$/gm)) counts[name] = Number(value);
  return counts;
}

async function runAll(units) {
  const scratch = mkdtempSync(join(tmpdir(), 'svc-tests-'));
  const queue = units.map((files, index) => ({ files, index }));
  const results = [];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      results.push(await runProcess(next.files, scratch, next.index));
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return results;
}

function report(results, started) {
  const totals = {};
  for (const { counts } of results) {
    for (const [name, value] of Object.entries(counts)) totals[name] = (totals[name] ?? 0) + value;
  }
  delete totals.duration_ms;
  const files = results.reduce((sum, result) => sum + result.files.length, 0);
  console.log(
    `\n# ${files} files in ${results.length} processes, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const [name, value] of Object.entries(totals)) console.log(`# ${name} ${value}`);
  const failed = results.flatMap((result) => result.failed);
  if (failed.length > 0) console.log(`# failed:\n${failed.map((line) => `#   ${line}`).join('\n')}`);
  return failed.length === 0;
}

function writeDurations(results, path) {
  const sorted = [...results].sort((a, b) => b.ms - a.ms);
  const sum = sorted.reduce((total, result) => total + result.ms, 0);
  const lines = sorted.map(
    ({ ms, failed, files }) =>
      `${(ms / 1000).toFixed(2).padStart(8)} s  ${failed.length > 0 ? '(failed) ' : ''}${files.join(' ')}`,
  );
  writeFileSync(
    path,
    `# processes ${sorted.length}, sum of durations ${(sum / 1000).toFixed(1)} s\n${lines.join('\n')}\n`,
  );
}

const files = testFiles(roots.length ? roots : ['src', 'test']);
if (files.length === 0) {
  console.error('run-tests: no *.test.ts files found');
  process.exit(1);
}
const started = performance.now();
const warmUp = process.env.SVC_TEST_WARM ?? (roots.length ? '0' : '1');
if (warmUp === '1') await warmTestCaches();
const results = await runAll(planProcesses(files, BATCH_SIZE));
if (process.env.SVC_TEST_DURATIONS) writeDurations(results, process.env.SVC_TEST_DURATIONS);
process.exit(report(results, started) ? 0 : 1);
