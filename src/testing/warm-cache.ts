/**
 * What makes a second `createTestApp` on an unchanged project fast: the last successful run's
 * app model and transpiled files, kept in `<root>/.svc/test-cache/<esm|cjs>/` (beside the
 * scratch directories of .svc/test, which come and go with each app) with the source
 * stamp they were made from (see cli/source-stamp.ts). While the stamp holds, a run copies the
 * files into its own scratch directory (each app still gets fresh module instances) and never
 * loads the analyzer or `typescript`; any doubt (no cache, a changed file, a cache being
 * replaced by another test process) means the full analysis, as before.
 *
 * A cache is written whole into a temporary directory and renamed into place, so a reader sees
 * an old cache, a new one or none, never half of one.
 */
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppModel } from '../model/app-model.js';
import { externalVersions, stampStillHolds, type SourceStamp } from '../cli/source-stamp.js';
import type { ModuleWorld } from './module-world.js';
import { makeScratchDir, removeScratchDir } from './scratch-dirs.js';

interface CacheEntry {
  stamp: SourceStamp;
  /** True when the run that made it also type-checked (a `typeCheck: true` run may use it). */
  typeChecked: boolean;
  model: AppModel;
}

const ENTRY_FILE = 'entry.json';
const FILES_DIR = 'files';

function cacheDir(root: string, world: ModuleWorld): string {
  return join(root, '.svc', 'test-cache', world);
}

export interface WarmStart {
  model: AppModel;
  /** A fresh scratch directory holding the transpiled project. */
  outDir: string;
}

/** The cached model and a scratch copy of the cached files, or undefined when not usable. */
export function warmStart(root: string, world: ModuleWorld, typeCheck: boolean): WarmStart | undefined {
  const dir = cacheDir(root, world);
  let outDir: string | undefined;
  try {
    const entry = JSON.parse(readFileSync(join(dir, ENTRY_FILE), 'utf8')) as CacheEntry;
    if (typeCheck && !entry.typeChecked) return undefined;
    if (!stampStillHolds(root, entry.stamp)) return undefined;
    outDir = makeScratchDir(root);
    cpSync(join(dir, FILES_DIR), outDir, { recursive: true });
    return { model: entry.model, outDir };
  } catch {
    if (outDir) removeScratchDir(outDir);
    return undefined;
  }
}

/** Keeps a successful run for the next one; `stamp` was taken before the analysis read the files. */
export function saveWarmStart(
  root: string,
  world: ModuleWorld,
  run: {
    stamp: SourceStamp;
    externalFiles: readonly string[];
    typeChecked: boolean;
    model: AppModel;
    outDir: string;
  },
): void {
  const dir = cacheDir(root, world);
  const temporary = `${dir}.tmp-${process.pid}`;
  try {
    rmSync(temporary, { recursive: true, force: true });
    mkdirSync(temporary, { recursive: true });
    cpSync(run.outDir, join(temporary, FILES_DIR), { recursive: true });
    const stamp = { ...run.stamp, external: externalVersions(run.externalFiles) };
    const entry: CacheEntry = { stamp, typeChecked: run.typeChecked, model: run.model };
    writeFileSync(join(temporary, ENTRY_FILE), JSON.stringify(entry));
    rmSync(dir, { recursive: true, force: true });
    renameSync(temporary, dir);
  } catch {
    // Another test process replaced it meanwhile: theirs is as good as ours.
    rmSync(temporary, { recursive: true, force: true });
  }
}
