/** `svc build`: analyze, write the spec, compile for production; non-zero exit on analysis errors. */
import { join, relative } from 'node:path';
import type { CliOptions } from './args.js';
import { analyzeAndWriteSpec } from './analyze.js';
import { COMPILED_MODULE_FILE } from '../runtime/compiled/module-shape.js';
import { AppCompiler, buildTarget } from './app-compiler.js';
import { writeCompiledModule } from './compiled-module-file.js';
import { writeBuildInfo } from './build-info.js';
import { toPosix } from './emit-paths.js';

export async function runBuild(options: CliOptions): Promise<number> {
  const { root } = options;
  const run = await analyzeAndWriteSpec(root);
  if (!run.model || !run.program) {
    process.stderr.write(`svc: build failed with ${run.errors.length} analysis error(s)\n`);
    return 1;
  }
  const compiler = new AppCompiler(buildTarget(root, run.program), false);
  const compiled = compiler.compile(run.program, run.model);
  const started = performance.now();
  writeCompiledModule(compiler.outDir, run.model);
  const compiledMs = performance.now() - started;
  writeBuildInfo(root, compiled.entry);
  const where = (path: string) => toPosix(relative(root, path)) || '.';
  process.stdout.write(
    `svc: wrote .svc/svc_swagger/ (swagger, openapi-3.1 and openapi-3.2, each .json and .yaml)\n` +
      `svc: wrote the typed client .svc/client.ts\n` +
      `svc: compiled ${compiled.emitted} file(s) into ${where(compiler.outDir)} ` +
      `(${Math.round(run.milliseconds)} ms analysis and spec, ${Math.round(run.typeCheckMilliseconds)} ms type check, ` +
      `${Math.round(compiled.milliseconds)} ms emit)\n` +
      `svc: wrote the validators and serializers \`svc start\` loads into ${where(join(compiler.outDir, COMPILED_MODULE_FILE))} (${Math.round(compiledMs)} ms)\n` +
      `svc: run it with \`svc start\` or \`node ${where(compiled.entry)}\`\n`,
  );
  return 0;
}
