// The analyzer bench: a generated project of 300 controllers × 10 routes with shared DTOs.
// svc: cold analysis + spec writing (in a fresh process, as `svc dev`/`svc build` do it),
// the whole `svc build` command, and one-file edits re-analyzed with the previous program.
// tsoa: `tsoa spec` on the same API. Runnable alone: `node bench/analyzer.mjs [--quick]`.
import { performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONTROLLERS,
  controllerFile,
  writeSvcProject,
  writeTsoaProject,
} from './lib/gen-analyzer-project.mjs';
import { median } from './lib/stats.mjs';
import { svcPackageFor } from './lib/svc-build.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const EDITS = 3;

function run(args, cwd) {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  const ms = performance.now() - started;
  if (result.status !== 0) {
    throw new Error(
      `${args.join(' ')} exited ${result.status}:\n${(result.stderr || result.stdout).slice(-2000)}`,
    );
  }
  return { ms, stdout: result.stdout };
}

/** One round of svc: `svcDir` is the measured svc package (it holds dist/). */
function svcRound(svcDir, root) {
  const child = join(benchDir, 'lib', 'analyzer-child.mjs');
  const edited = controllerFile(root, 7);
  const timings = JSON.parse(run([child, svcDir, root, edited, String(EDITS)], root).stdout.trim());
  const build = run([join(svcDir, 'dist', 'cli', 'main.js'), 'build', '--root', root], root);
  return { ...timings, buildMs: build.ms };
}

function tsoaRound(root) {
  return { coldMs: run([join(benchDir, 'node_modules', 'tsoa', 'dist', 'cli.js'), 'spec'], root).ms };
}

/** Runs one measurement; a failure is printed and recorded instead of ending the whole bench. */
function safely(label, fn) {
  try {
    return fn();
  } catch (error) {
    console.error(
      `  analyzer: ${label} failed: ${String(error.message ?? error)
        .split('\n')
        .slice(0, 6)
        .join('\n')}`,
    );
    return { error: String(error.message ?? error) };
  }
}

/** The measured svc package's directory, or undefined (printed) when it cannot be built. */
function svcDir(config) {
  try {
    return svcPackageFor(config).dir;
  } catch (error) {
    console.error(`analyzer: svc left out: ${error.message}`);
    return undefined;
  }
}

export async function runAnalyzerBench(config) {
  const work = mkdtempSync(join(tmpdir(), 'svc-bench-analyzer-'));
  const svcRoot = join(work, 'svc');
  const tsoaRoot = join(work, 'tsoa');
  writeTsoaProject(tsoaRoot, join(benchDir, 'node_modules'));
  const svc = svcDir(config);
  if (svc) writeSvcProject(svcRoot, svc);
  const svcRounds = [];
  const tsoaRounds = [];
  console.error(`analyzer: ${CONTROLLERS} controllers × 10 routes in ${work}`);
  try {
    for (let round = 0; round < config.rounds; round++) {
      if (svc) svcRounds.push(safely('svc', () => svcRound(svc, svcRoot)));
      tsoaRounds.push(safely('tsoa', () => tsoaRound(tsoaRoot)));
      const s = svcRounds.at(-1);
      console.error(
        `  round ${round + 1}: svc cold ${Math.round(s?.coldMs)} ms, edit ${s?.editMs?.map(Math.round).join('/')} ms, build ${Math.round(s?.buildMs)} ms; tsoa spec ${Math.round(tsoaRounds.at(-1).coldMs)} ms`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return summarise(
    svcRounds.filter((r) => !r.error),
    tsoaRounds.filter((r) => !r.error),
  );
}

function summarise(svc, tsoa) {
  const pick = (rounds, key) => median(rounds.map((r) => r[key]));
  return {
    project: `${CONTROLLERS} controllers × 10 routes`,
    svc: svc.length
      ? {
          coldMs: pick(svc, 'coldMs'),
          coldWallMs: pick(svc, 'coldWallMs'),
          buildMs: pick(svc, 'buildMs'),
          // The first re-analysis still warms the type checker's caches: the later ones are what
          // a developer sees on every save, so the median of all edits is reported.
          editMs: median(svc.flatMap((r) => r.editMs)),
          routes: svc[0].routes,
          schemas: svc[0].schemas,
          rounds: svc,
        }
      : null,
    tsoa: tsoa.length ? { coldMs: pick(tsoa, 'coldMs'), rounds: tsoa } : null,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { readConfig } = await import('./lib/config.mjs');
  const { analyzerTable } = await import('./lib/report.mjs');
  const result = await runAnalyzerBench(readConfig());
  console.log(analyzerTable(result));
}
