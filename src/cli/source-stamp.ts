/**
 * A stamp of everything an analysis read, cheap to take without TypeScript: the hash of every
 * source and JSON file under the project root (node_modules, .svc, .git and dist skipped), the
 * size and mtime of each program file outside the root (svc's own sources under a `paths`
 * mapping), and the svc install. Two equal stamps mean the analysis would find the same model,
 * so `svc dev` serves its last output at once and `createTestApp` reuses its last model.
 * A stamp taken before an analysis is saved with its result: a file edited while the analysis
 * ran makes the next stamp differ, never match wrongly.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SourceStamp {
  /** This svc install: the stamp module's own path and mtime. */
  svc: string;
  /** Root-relative path → content hash. */
  files: Record<string, string>;
  /** Absolute path → `size:mtime`, for the program's files outside the root. */
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

/** `size:mtime` of each file outside the root (hashing svc's own sources would cost more). */
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

function sourcePaths(dir: string, found: string[] = []): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
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
    const stat = statSync(path);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

function svcInstall(): string {
  const self = fileURLToPath(import.meta.url);
  return `${self}:${fileVersion(self)}`;
}
