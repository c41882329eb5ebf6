/**
 * Fills the createTestApp warm-start cache (src/testing/warm-cache.ts) of the projects given, in
 * one process, before the suite runs: scripts/run-tests.mjs calls it on every fixture project
 * that maps `svcjs` to these sources.
 *
 * Why: in a fresh checkout every fixture's first createTestApp analyzes cold, in the test
 * process that happens to use it first, and each cold start there loads the analyzer and parses
 * svc's sources, the TypeScript libraries and @types/node again (~7 CPU-seconds a file). Here
 * the parsed files are shared by all projects (the analyzer keeps them by content), so a project
 * after the first costs under a second. A test then finds the cache exactly as a second run of
 * its own would, and a project changed since (or one that fails analysis, whose test reports it)
 * is analyzed in the test as before.
 *
 *   node --import tsx scripts/warm-test-caches.ts <project root>...
 *
 * Prints one line: how many projects were analyzed, already warm, or left to their tests.
 */
import { resolve } from 'node:path';
import { analyzeProject } from '../src/analyzer/index.js';
import { externalProgramFiles, takeStamp } from '../src/cli/source-stamp.js';
import { CURRENT_WORLD } from '../src/testing/module-world.js';
import { removeScratchDir } from '../src/testing/scratch-dirs.js';
import { transpileProject } from '../src/testing/transpile.js';
import { saveWarmStart, warmStart } from '../src/testing/warm-cache.js';

type Outcome = 'analyzed' | 'warm' | 'left';

/** What createTestApp's cold path does (`analyze` in src/testing/index.ts), without starting the app. */
function warm(root: string): Outcome {
  const kept = warmStart(root, CURRENT_WORLD, false);
  if (kept) {
    removeScratchDir(kept.outDir);
    return 'warm';
  }
  const stamp = takeStamp(root);
  const result = analyzeProject({ root, typeCheck: false });
  const failed = result.diagnostics.some((diagnostic) => diagnostic.severity === 'error');
  if (failed || !result.model || !result.program) return 'left';
  const outDir = transpileProject(root, result.program, CURRENT_WORLD);
  const externalFiles = externalProgramFiles(root, result.program);
  saveWarmStart(root, CURRENT_WORLD, {
    stamp,
    externalFiles,
    typeChecked: false,
    model: result.model,
    outDir,
  });
  removeScratchDir(outDir);
  return 'analyzed';
}

const counts: Record<Outcome, number> = { analyzed: 0, warm: 0, left: 0 };
for (const root of process.argv.slice(2)) {
  let outcome: Outcome;
  try {
    outcome = warm(resolve(root));
  } catch {
    // Whatever went wrong, the project's own test meets it again and says what it is.
    outcome = 'left';
  }
  counts[outcome]++;
}
console.log(
  `warm-test-caches: ${counts.analyzed} analyzed, ${counts.warm} already warm, ${counts.left} left to their tests`,
);
