/**
 * Turns one successful analysis into a runnable directory: the emitted JavaScript, the app model
 * with module paths pointing at it, the generated entry and, when needed, a package.json that
 * pins the module format. Shared by `svc dev` (.svc/dev, incremental) and `svc build` (outDir).
 * Both also write `<root>/.svc/app-model.json` (source paths + the tsconfig layout) for a user's
 * own entry run under tsc + node or tsx.
 */
import { dirname, join, resolve } from 'node:path';
import type ts from 'typescript';
import type { AppModel } from '../model/app-model.js';
import { compileMapping, emittedModel, writeEmittedModel, writeRootModel } from './app-model-file.js';
import { ProjectEmitter, projectFiles, type EmitReport, type EmitTarget } from './compile.js';
import { isInside } from './emit-paths.js';
import { writeEntry } from './entry.js';
import { pinModuleFormat, projectFormats } from './module-format.js';

export interface CompileResult extends EmitReport {
  entry: string;
  /** True when anything the server runs (code or model) differs from the previous compile. */
  changed: boolean;
  milliseconds: number;
}

export class AppCompiler {
  private readonly emitter: ProjectEmitter;
  private entry: string | undefined;

  constructor(
    target: EmitTarget,
    private readonly dev: boolean,
  ) {
    this.emitter = new ProjectEmitter(target);
  }

  get outDir(): string {
    return this.emitter.target.outDir;
  }

  compile(program: ts.Program, model: AppModel): CompileResult {
    const started = performance.now();
    const { root, outDir } = this.emitter.target;
    const report = this.emitter.emit(program);
    const files = projectFiles(program, this.emitter.target);
    pinModuleFormat(outDir, projectFormats(program.getCompilerOptions(), files));
    const modelChanged = writeEmittedModel(
      outDir,
      emittedModel(model, (module) => this.emitter.outputModule(module)),
    );
    const layout = buildTarget(root, program);
    writeRootModel(root, model, compileMapping(root, layout.sourceBase, layout.outDir));
    this.entry ??= writeEntry({ outDir, root, dev: this.dev });
    const changed = modelChanged || report.changedOutputs > 0;
    return { ...report, entry: this.entry, changed, milliseconds: performance.now() - started };
  }
}

/** `svc dev` compiles into `<root>/.svc/dev`, mirroring the root's layout. */
export function devTarget(root: string): EmitTarget {
  return { root, outDir: join(root, '.svc', 'dev'), sourceBase: root, skipDeclarations: true };
}

/**
 * `svc build` compiles into the tsconfig's outDir (default `dist`), laid out like tsc would:
 * relative to `rootDir`, else to the deepest directory holding every project file.
 */
export function buildTarget(root: string, program: ts.Program): EmitTarget {
  const options = program.getCompilerOptions();
  const outDir = options.outDir ? resolve(root, options.outDir) : join(root, 'dist');
  const partial: EmitTarget = { root, outDir, sourceBase: root, skipDeclarations: !options.declaration };
  const sourceBase = options.rootDir
    ? resolve(root, options.rootDir)
    : commonDirectory(
        projectFiles(program, partial).map((file) => dirname(resolve(file.fileName))),
        root,
      );
  return { ...partial, sourceBase };
}

function commonDirectory(dirs: readonly string[], fallback: string): string {
  const [first, ...rest] = dirs;
  if (first === undefined) return fallback;
  let common = first;
  while (!rest.every((dir) => isInside(common, dir))) common = dirname(common);
  return common;
}
