/**
 * Compiles the user's project to JavaScript with the very ts.Program the analyzer built, so the
 * code is type-checked once and emitted from the same trees. Only files under the project root
 * are emitted (a `paths` mapping may pull svc's own sources into the program: those stay out).
 * The emitter remembers what it wrote, so a later program only re-emits the files whose text
 * changed and deletes the outputs of files that left the program.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from '../analyzer/typescript.cjs';
import { emittedName, isInside, redirectOutput, rewriteSourceMap, toPosix } from './emit-paths.js';

export interface EmitTarget {
  /** Absolute project root. */
  root: string;
  /** Absolute directory the JavaScript goes to. */
  outDir: string;
  /** Directory whose layout is mirrored in `outDir`. */
  sourceBase: string;
  /** Leave out `.d.ts` files even when the tsconfig asks for them (dev does). */
  skipDeclarations: boolean;
}

export interface EmitReport {
  /** Source files (re-)emitted in this run. */
  emitted: number;
  /** Outputs whose content differs from what was there before (new, changed or deleted). */
  changedOutputs: number;
}

interface EmittedSource {
  text: string;
  outputs: Map<string, string>;
}

export class ProjectEmitter {
  private readonly sources = new Map<string, EmittedSource>();
  private optionsKey: string | undefined;

  constructor(readonly target: EmitTarget) {}

  /** Emits every project file whose text changed since the last call (all of them the first time). */
  emit(program: ts.Program): EmitReport {
    const options = program.getCompilerOptions();
    const optionsKey = JSON.stringify(options);
    const everything = optionsKey !== this.optionsKey;
    this.optionsKey = optionsKey;
    const files = projectFiles(program, this.target);
    const report: EmitReport = { emitted: 0, changedOutputs: this.removeDeparted(files) };
    for (const file of files) {
      const previous = this.sources.get(file.fileName);
      if (!everything && previous?.text === file.text) continue;
      const outputs = this.emitOne(program, file, options);
      report.emitted++;
      report.changedOutputs += this.writeOutputs(outputs, previous);
      this.sources.set(file.fileName, { text: file.text, outputs });
    }
    return report;
  }

  /** The emitted module of a source path relative to the root, relative to `outDir` (`src/a.js`). */
  outputModule(sourceRelativeToRoot: string): string {
    const source = join(this.target.root, sourceRelativeToRoot);
    return toPosix(emittedName(relative(this.target.sourceBase, source)));
  }

  /** Every JavaScript output written so far (absolute paths). */
  javascriptOutputs(): string[] {
    const all = [...this.sources.values()].flatMap((source) => [...source.outputs.keys()]);
    return all.filter((path) => /\.[cm]?js$/.test(path));
  }

  private emitOne(
    program: ts.Program,
    file: ts.SourceFile,
    options: ts.CompilerOptions,
  ): Map<string, string> {
    const outputs = new Map<string, string>();
    if (file.fileName.endsWith('.json')) {
      outputs.set(this.redirect(file.fileName, file.fileName), file.text);
      return outputs;
    }
    const collect: ts.WriteFileCallback = (computed, text) => {
      if (this.target.skipDeclarations && /\.d\.[cm]?ts(\.map)?$/.test(computed)) return;
      const path = this.redirect(computed, file.fileName);
      outputs.set(path, path.endsWith('.map') ? rewriteSourceMap(text, path, file.fileName) : text);
    };
    if (options.noEmit || options.emitDeclarationOnly) transpileOne(file, options, collect);
    else program.emit(file, collect);
    return outputs;
  }

  private redirect(computed: string, sourceFile: string): string {
    return redirectOutput(computed, sourceFile, this.target.sourceBase, this.target.outDir);
  }

  private writeOutputs(outputs: Map<string, string>, previous: EmittedSource | undefined): number {
    let changed = 0;
    for (const [path, text] of outputs) {
      if (previous?.outputs.get(path) === text) continue;
      // The first emit of a session meets the last session's outputs: the same text is no change.
      if (!previous && readOrUndefined(path) === text) continue;
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      changed++;
    }
    for (const path of previous?.outputs.keys() ?? []) {
      if (!outputs.has(path)) changed += deleteFile(path);
    }
    return changed;
  }

  private removeDeparted(files: readonly ts.SourceFile[]): number {
    const present = new Set(files.map((file) => file.fileName));
    let changed = 0;
    for (const [fileName, source] of this.sources) {
      if (present.has(fileName)) continue;
      for (const path of source.outputs.keys()) changed += deleteFile(path);
      this.sources.delete(fileName);
    }
    return changed;
  }
}

/** The program's files that belong to the project: under the root, not declarations, not dependencies. */
export function projectFiles(program: ts.Program, target: EmitTarget): ts.SourceFile[] {
  const ownDirs = [target.outDir, join(target.root, '.svc'), join(target.root, 'node_modules')];
  return program
    .getSourceFiles()
    .filter(
      (file) =>
        !file.isDeclarationFile &&
        !program.isSourceFileFromExternalLibrary(file) &&
        isInside(target.root, file.fileName) &&
        !ownDirs.some((dir) => isInside(dir, file.fileName)) &&
        !file.fileName.includes('/node_modules/'),
    );
}

/** Fallback for projects whose tsconfig says `noEmit`: syntax-only transpilation of one file. */
function transpileOne(file: ts.SourceFile, options: ts.CompilerOptions, write: ts.WriteFileCallback): void {
  const compilerOptions = { ...options, noEmit: false, emitDeclarationOnly: false, declaration: false };
  const output = ts.transpileModule(file.text, { compilerOptions, fileName: file.fileName });
  const jsName = emittedName(file.fileName);
  write(jsName, output.outputText, false);
  if (output.sourceMapText) write(`${jsName}.map`, output.sourceMapText, false);
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function deleteFile(path: string): number {
  rmSync(path, { force: true });
  return 1;
}
