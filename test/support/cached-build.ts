/**
 * `svc build` shared by the test files that build the same project: the first build's outputs
 * (the project tree without node_modules, and what the CLI printed) are kept under
 * `<tmpdir>/svc-test-builds/<key>`, and a later build of identical inputs copies them in instead of
 * running the CLI again (each build loads TypeScript, analyzes, type-checks and emits: seconds of
 * CPU). For tests that need a built project; tests of `svc build` itself run the CLI.
 *
 * The key is a hash of everything a build reads: the project's files (node_modules, .svc and dist
 * skipped, as svc's own source stamp skips them), where its node_modules entries link to, this
 * svc's dist/ and package-lock.json, and the Node version. Only successful builds are kept. An
 * entry is written whole under another name and renamed into place, so a test process reading
 * it beside another that writes it sees the whole entry or none.
 */
import { createHash, type Hash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO, runCli, type CliResult } from '../cli/helpers.js';

const CACHE = join(tmpdir(), 'svc-test-builds');
const SKIPPED = new Set(['node_modules', '.svc', 'dist']);
/** Entries not made for this long are removed when a new one is written. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/** Every file under `dir` (SKIPPED folders left out) into `hash`, by relative path and content. */
function hashTree(hash: Hash, dir: string, prefix = ''): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) hashTree(hash, path, `${prefix}${entry.name}/`);
    } else if (entry.isFile()) {
      hash.update(`${prefix}${entry.name}\0`).update(readFileSync(path)).update('\0');
    }
  }
}

let svcKey: string | undefined;
/** This svc as a build sees it: its dist/ and its installed dependencies (by the lock file). */
function svcVersion(): string {
  if (svcKey === undefined) {
    const hash = createHash('sha256').update(process.version);
    hashTree(hash, join(REPO, 'dist'));
    hash.update(readFileSync(join(REPO, 'package-lock.json')));
    svcKey = hash.digest('hex');
  }
  return svcKey;
}

/** The cache entry's name for building `root` with `args`: equal exactly when every input is. */
export function buildKey(root: string, args: string[]): string {
  const hash = createHash('sha256').update(svcVersion()).update(JSON.stringify(args));
  hashTree(hash, root);
  const modules = join(root, 'node_modules');
  // Packages only: a dot folder (.cache, .bin) holds what tools write for themselves.
  const packages = existsSync(modules) ? readdirSync(modules).filter((name) => !name.startsWith('.')) : [];
  for (const name of packages.sort()) {
    const path = join(modules, name);
    hash.update(`${name}\0${statSync(path).isDirectory() ? linkTarget(path) : ''}\0`);
  }
  return hash.digest('hex').slice(0, 32);
}

function linkTarget(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '(a folder)';
  }
}

/** Copies the built tree into the cache: written whole, then renamed into place. */
function keep(entry: string, root: string, result: CliResult): void {
  const partial = `${entry}.partial-${process.pid}`;
  try {
    cpSync(root, join(partial, 'tree'), {
      recursive: true,
      filter: (source) => !source.endsWith('/node_modules'),
    });
    writeFileSync(join(partial, 'result.json'), JSON.stringify(result));
    renameSync(partial, entry);
  } catch {
    // Another process kept the same build meanwhile: theirs is as good as ours.
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

function removeOldEntries(): void {
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    if (Date.now() - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { recursive: true, force: true });
  }
}

/** `svc build <args>` in `root`, or the outputs of an earlier build of the very same inputs. */
export async function buildCached(root: string, args: string[] = [], timeoutMs?: number): Promise<CliResult> {
  const entry = join(CACHE, buildKey(root, args));
  if (existsSync(join(entry, 'result.json'))) {
    cpSync(join(entry, 'tree'), root, { recursive: true });
    return JSON.parse(readFileSync(join(entry, 'result.json'), 'utf8')) as CliResult;
  }
  const result = await runCli(['build', ...args], root, timeoutMs);
  if (result.code === 0) {
    mkdirSync(CACHE, { recursive: true });
    removeOldEntries();
    keep(entry, root, result);
  }
  return result;
}
