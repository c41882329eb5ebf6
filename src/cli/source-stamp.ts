/**
 * A stamp of everything an analysis read, cheap to take without TypeScript: the hash of every
 * source and JSON file under the project root (node_modules, .svc, .git and dist skipped), the
 * hash of each program file outside the root (svc's own sources under a `paths`
 * mapping), and the svc install. Two equal stamps mean the analysis would find the same model,
 * so `svc dev` serves its last output at once and `createTestApp` reuses its last model.
 * A stamp taken before an analysis is saved with its result: a file edited while the analysis
 * ran makes the next stamp differ, never match wrongly.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync, type Dirent } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type ts from 'typescript';

export interface SourceStamp {
  /** This svc install: its path and a hash of its model-making code. */
  svc: string;
  /** Root-relative path → content hash. */
  files: Record<string, string>;
  /** Absolute path → content hash, for the program's files outside the root. */
  external: Record<string, string>;
}

const STAMPED_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|json)$/;
const SKIPPED_DIRS = new Set(['node_modules', '.svc', '.git', 'dist']);

/** The stamp of the root's files (and of `externalFiles`, when known). */
export function takeStamp(root: string, externalFiles: readonly string[] = []): SourceStamp {
  const files: Record<string, string> = {};
  for (const path of sourcePaths(root)) {
    files[relative(root, path).split(sep).join('/')] = hash(readFileSync(path));
  }
  return { svc: svcInstall(), files, external: externalVersions(externalFiles) };
}

/** The program's files outside the root that are no dependency (svc's own under `paths`). */
export function externalProgramFiles(root: string, program: ts.Program): string[] {
  const inside = resolve(root) + sep;
  return program
    .getSourceFiles()
    .map((file) => resolve(file.fileName))
    .filter((name) => !name.startsWith(inside) && !name.includes(`${sep}node_modules${sep}`));
}

/** The content hash of each file outside the root (by content: a rebuild rewrites them all). */
export function externalVersions(paths: readonly string[]): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const path of [...paths].sort()) versions[path] = fileVersion(path);
  return versions;
}

/** True when `saved` still describes the project: same files, same contents, same svc. */
export function stampStillHolds(root: string, saved: SourceStamp | undefined): boolean {
  if (!saved) return false;
  const now = takeStamp(root, Object.keys(saved.external));
  return JSON.stringify(now) === JSON.stringify(saved);
}

export function readStamp(file: string): SourceStamp | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SourceStamp;
  } catch {
    return undefined;
  }
}

export function writeStamp(file: string, stamp: SourceStamp): void {
  writeFileSync(file, JSON.stringify(stamp));
}

function readDirectory(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  } catch {
    return [];
  }
}

function sourcePaths(dir: string, found: string[] = []): string[] {
  for (const entry of readDirectory(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) sourcePaths(path, found);
    } else if (STAMPED_FILE.test(entry.name)) found.push(path);
  }
  return found;
}

function hash(content: Buffer): string {
  return createHash('sha1').update(content).digest('base64');
}

function fileVersion(path: string): string {
  try {
    return hash(readFileSync(path));
  } catch {
    return 'missing';
  }
}

/** The folders of svc whose code decides the model and the emitted files. */
const MODEL_MAKERS = ['analyzer', 'model', 'openapi', 'cli', 'testing'];
let install: string | undefined;

/**
 * This svc: where it is and a hash of the code that makes models and outputs. By content, not
 * mtime: a rebuild that changes nothing (tsc rewrites every file) keeps the stamps valid.
 */
function svcInstall(): string {
  if (install !== undefined) return install;
  const base = dirname(dirname(fileURLToPath(import.meta.url)));
  const digest = createHash('sha1');
  for (const folder of MODEL_MAKERS) {
    for (const path of codePaths(join(base, folder))) digest.update(path).update(readFileSync(path));
  }
  install = `${base}:${digest.digest('base64')}`;
  return install;
}

function codePaths(dir: string, found: string[] = []): string[] {
  for (const entry of readDirectory(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) codePaths(path, found);
    else if (/\.(js|ts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}
