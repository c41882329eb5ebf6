/**
 * Times the analyzer on the bench's generated project (300 controllers × 10 routes, shared DTOs):
 * a cold analysis and one-file edits re-analyzed with the previous program, as `svc dev` does.
 * Usage: node --import tsx scripts/analyzer-timing.ts <projectDir> [edits=3]
 * The project is generated on first use with bench/lib/gen-analyzer-project.mjs (svc linked to
 * this checkout, so svc's declarations come from dist/*.d.ts, as in a user's project).
 * Prints one JSON line: wall and CPU milliseconds of the spec path (analysis, document, both
 * files written) cold and per edit, the cold phases, and the separate type check.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type ts from 'typescript';
import { analyzeProject, typeCheckProject } from '../src/analyzer/index.js';
import { buildOpenApiDocument, writeSpecFiles } from '../src/entries/openapi.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [rootArg, editsArg] = process.argv.slice(2);
if (!rootArg) throw new Error('usage: analyzer-timing.ts <projectDir> [edits]');
const root = path.resolve(rootArg);
const generator = (await import(path.join(repo, 'bench', 'lib', 'gen-analyzer-project.mjs'))) as {
  writeSvcProject(root: string, repoDir: string): void;
  controllerFile(root: string, index: number): string;
};
if (!existsSync(root)) generator.writeSvcProject(root, repo);

/** CPU milliseconds (user + system) of this process since `since`: steadier than wall time on a busy machine. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** What `svc dev`/`svc build` do before the type check: analyze, build the document, write both files. */
async function timed(oldProgram?: ts.Program): Promise<{
  ms: number;
  cpu: number;
  program: ts.Program | undefined;
  phases: Record<string, number>;
}> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = analyzeProject({ root, typeCheck: false, ...(oldProgram && { oldProgram }) });
  if (!result.model) throw new Error(JSON.stringify(result.diagnostics.slice(0, 5)));
  const specStarted = performance.now();
  await writeSpecFiles(root, buildOpenApiDocument(result.model));
  const phases = { ...result.phases, specMs: performance.now() - specStarted };
  delete (phases as Partial<typeof phases>).typeCheckMs;
  return { ms: performance.now() - started, cpu: cpuMs(cpu), program: result.program, phases };
}

const cold = await timed();
const checkStart = performance.now();
const checkCpu = process.cpuUsage();
const typeErrors = typeCheckProject(root, cold.program as ts.Program);
if (typeErrors.length > 0) throw new Error(JSON.stringify(typeErrors.slice(0, 5)));
const typeCheckMs = performance.now() - checkStart;
const typeCheckCpuMs = cpuMs(checkCpu);
const edited = generator.controllerFile(root, 7);
const original = readFileSync(edited, 'utf8');
const edits: number[] = [];
const editCpu: number[] = [];
let program = cold.program;
try {
  for (let i = 0; i < Number(editsArg ?? 3); i++) {
    writeFileSync(edited, original.replace('@Query() offset?: number', `@Query() offset${i}?: number`));
    const run = await timed(program);
    edits.push(run.ms);
    editCpu.push(run.cpu);
    program = run.program;
  }
} finally {
  writeFileSync(edited, original);
}
const r = (n: number): number => Math.round(n);
const phases = Object.fromEntries(
  Object.entries(cold.phases as Record<string, number>).map(([k, v]) => [k, r(v)]),
);
console.log(
  JSON.stringify({
    coldMs: r(cold.ms),
    coldCpuMs: r(cold.cpu),
    phases,
    typeCheckMs: r(typeCheckMs),
    typeCheckCpuMs: r(typeCheckCpuMs),
    editMs: edits.map(r),
    editCpuMs: editCpu.map(r),
  }),
);
