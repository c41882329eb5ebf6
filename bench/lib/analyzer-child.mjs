// Runs in a fresh process (so the first analysis is cold): svc's dev-mode analysis of the
// generated project, then `edits` one-file edits re-analyzed with the previous program, as
// `svc dev` does on a change. Prints one JSON line with the timings.
// Usage: node analyzer-child.mjs <repoDir> <projectRoot> <controllerFile> <edits>
import { performance } from 'node:perf_hooks';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [repoDir, root, editedFile, editsArg] = process.argv.slice(2);
const { analyzeAndWriteSpec } = await import(pathToFileURL(join(repoDir, 'dist', 'cli', 'analyze.js')).href);

function failIfErrors(run) {
  if (run.errors.length > 0) {
    const first = run.errors.slice(0, 5).map((e) => `${e.file ?? ''}:${e.line ?? ''} ${e.code} ${e.message}`);
    throw new Error(`svc analysis failed with ${run.errors.length} errors:\n${first.join('\n')}`);
  }
}

const loadedMs = performance.now();
const cold = await analyzeAndWriteSpec(root);
failIfErrors(cold);
// The spec files are written before the type check, which `milliseconds` leaves out (and which
// `tsoa spec` does not do at all): process start → module load → analysis and spec files.
const coldWallMs = loadedMs + cold.milliseconds;

const original = readFileSync(editedFile, 'utf8');
const editMs = [];
let program = cold.program;
for (let i = 0; i < Number(editsArg); i++) {
  // A real edit: the route's query parameter changes name, so the spec changes too.
  writeFileSync(editedFile, original.replace('@Query() offset?: number', `@Query() offset${i}?: number`));
  const run = await analyzeAndWriteSpec(root, program);
  failIfErrors(run);
  editMs.push(run.milliseconds);
  program = run.program;
}
writeFileSync(editedFile, original);

const routes = cold.model.controllers.reduce((n, c) => n + c.routes.length, 0);
const schemas = Object.keys(cold.model.schemas ?? {}).length;
console.log(
  JSON.stringify({ coldMs: cold.milliseconds, coldWallMs, moduleLoadMs: loadedMs, editMs, routes, schemas }),
);
