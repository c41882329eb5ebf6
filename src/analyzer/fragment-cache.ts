/**
 * Fragments of the previous run, kept per program: a file's fragment is reused when the file
 * and every file it depends on (transitively, as the builder program tracks them) are the very
 * same SourceFile objects, i.e. unchanged. `svc dev` passes the last program back, so one
 * changed controller re-extracts that controller only.
 */
import type ts from 'typescript';
import type { FileFragment } from './fragments.js';
import { builderOf } from './program.js';

interface CachedFragment {
  file: ts.SourceFile;
  dependencies: [string, ts.SourceFile | undefined][];
  fragment: FileFragment;
}

const cachesByProgram = new WeakMap<ts.Program, Map<string, CachedFragment>>();

export class FragmentCache {
  private readonly next = new Map<string, CachedFragment>();
  private files: Set<ts.SourceFile> | undefined;

  constructor(
    private readonly program: ts.Program,
    private readonly previous: Map<string, CachedFragment> | undefined,
  ) {}

  static for(program: ts.Program, oldProgram: ts.Program | undefined): FragmentCache {
    return new FragmentCache(program, oldProgram ? cachesByProgram.get(oldProgram) : undefined);
  }

  /** The previous fragment of `file` when nothing it depends on changed. */
  reuse(file: ts.SourceFile): FileFragment | undefined {
    const cached = this.previous?.get(file.fileName);
    if (!cached || cached.file !== file) return undefined;
    for (const [name, dependency] of cached.dependencies) {
      if (!this.isCurrent(name, dependency)) return undefined;
    }
    this.next.set(file.fileName, cached);
    return cached.fragment;
  }

  /**
   * `dependency` is still what the program has at `name`. A SourceFile object is at one path, so
   * one that is still in the program is still there: a set lookup instead of `getSourceFile`,
   * which normalizes the name (300 files × their dependencies on every edit).
   */
  private isCurrent(name: string, dependency: ts.SourceFile | undefined): boolean {
    if (dependency === undefined) return this.program.getSourceFile(name) === undefined;
    this.files ??= new Set(this.program.getSourceFiles());
    return this.files.has(dependency);
  }

  store(file: ts.SourceFile, fragment: FileFragment): void {
    const builder = builderOf(this.program);
    const names = builder ? builder.getAllDependencies(file) : [];
    const dependencies = names.map((name): [string, ts.SourceFile | undefined] => [
      name,
      this.program.getSourceFile(name),
    ]);
    this.next.set(file.fileName, { file, dependencies, fragment });
  }

  /** Makes this run's fragments available to the next run (given this program as `oldProgram`). */
  commit(): void {
    cachesByProgram.set(this.program, this.next);
  }
}
