// How the suite's test files are dealt into processes (scripts/run-tests.mjs): most files share a
// process with their neighbours, a batch of up to SVC_TEST_BATCH (default 8) files in one folder
// order, because every process pays ~1.7 CPU-seconds to start (tsx compiling svc's sources, the
// TypeScript library loaded again) and analyzes every project cold, while one process shares all
// of it. A file whose source shows it changes what the whole process shares runs alone, as
// `node --test` would run it; SVC_TEST_BATCH=1 runs every file alone.
import { readFileSync, statSync } from 'node:fs';

/** What makes a file run alone, with the reason: each is state its neighbours would see. */
const RUNS_ALONE = [
  // A file-level hook would wrap every other file's tests too (node:test has one root per process).
  [/^(beforeEach|afterEach)\(/m, 'a file-level beforeEach or afterEach'],
  [
    /process\.env(\.\w+|\[[^\]]+\])\s*(=[^=]|\+\+|--)|delete process\.env|Object\.assign\(process\.env/,
    'changes process.env',
  ],
  [/process\.(exit|chdir|exitCode|umask)\b/, 'exits, or changes the exit code or the directory'],
  [
    /process\.(on|once|off|addListener|prependListener|removeListener|removeAllListeners)\(/,
    'listens to process events (warnings from its neighbours would reach it)',
  ],
  [/\bmock\./, 'node:test mocks'],
  [/\.only\(|\bonly:\s*true/, 'runs only some tests'],
  [
    /globalThis\.[\w$]+\s*=[^=]|console\.\w+\s*=[^=]|process\.(stdout|stderr)\.write\s*=[^=]/,
    'replaces a global',
  ],
  [/process\.argv/, 'reads the command line'],
  // createApp of an analyzed model imports the project's TypeScript sources through this
  // process's own loader, where a neighbour may already have loaded the same files compiled.
  [/\bcreateApp\(/, "imports a project's sources through createApp"],
  // OpenTelemetry's API keeps one provider per process: a file registering one, or asserting
  // there is none, cannot share it.
  [/@opentelemetry\//, "uses OpenTelemetry's process-wide providers"],
  // The contract app and the apps beside it declare classes of the same names; svc finds an
  // already loaded class by name, so two of them in one process are ambiguous.
  [/contract-app/, 'starts the contract app in-process beside others with the same class names'],
];

/** Why `file` must run in a process of its own, or undefined when it can share one. */
export function runsAloneBecause(file) {
  const source = readFileSync(file, 'utf8');
  return RUNS_ALONE.find(([pattern]) => pattern.test(source))?.[1];
}

/**
 * The processes to run: each a list of files. Consecutive shareable files (the order keeps a
 * folder's files together, which often use the same fixtures) fill batches of `batchSize`.
 * Biggest first (source bytes: a rough cost), so the longest ones do not start last and leave
 * one core idle at the end.
 */
export function planProcesses(files, batchSize) {
  const units = [];
  let batch = [];
  for (const file of files) {
    if (batchSize > 1 && runsAloneBecause(file) === undefined) {
      batch.push(file);
      if (batch.length >= batchSize) {
        units.push(batch);
        batch = [];
      }
      continue;
    }
    units.push([file]);
  }
  if (batch.length > 0) units.push(batch);
  const bytes = (unit) => unit.reduce((sum, file) => sum + statSync(file).size, 0);
  return units
    .map((unit) => ({ unit, size: bytes(unit) }))
    .sort((a, b) => b.size - a.size)
    .map(({ unit }) => unit);
}
