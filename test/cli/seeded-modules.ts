/**
 * A project's node_modules seeded, before its `npm install`, with the packages this repository
 * already installed: hard links to the files of each package its dependencies need (transitively,
 * as package-lock.json lays them out), so npm finds them in place and unpacks only what differs
 * (svcjs from its tarball, any package the seed lacks or whose version does not fit).
 *
 * The install stays a real one: npm still checks every range of the project and of svcjs against
 * the tree and fetches what is missing; what it no longer does is unpack ~70 MB of packages the
 * machine already has (most of the svc init test's time).
 */
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

interface LockedPackage {
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

type Lock = Record<string, LockedPackage>;

/** Where Node would find `name` from the package at `from` ('' for the root), in the lock's layout. */
function locate(lock: Lock, from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock[candidate]) return candidate;
    if (!dir) return undefined;
  }
}

/** The lock paths of `names` and of everything they need, that this repository has on disk. */
function closure(repo: string, lock: Lock, names: string[]): Set<string> {
  const found = new Set<string>();
  const visit = (from: string, name: string): void => {
    const path = locate(lock, from, name);
    if (!path || found.has(path) || !existsSync(join(repo, path))) return;
    found.add(path);
    const { dependencies = {}, optionalDependencies = {}, peerDependencies = {} } = lock[path]!;
    for (const dependency of Object.keys({ ...dependencies, ...optionalDependencies, ...peerDependencies })) {
      visit(path, dependency);
    }
  };
  for (const name of names) visit('', name);
  return found;
}

/** A hard link, or a copy where there can be none (the temporary folder on another file system). */
function linkOrCopy(source: string, target: string): void {
  try {
    linkSync(source, target);
  } catch {
    copyFileSync(source, target);
  }
}

/** Hard links every file of `from` under `to` (symbolic links copied as such), nested packages left out. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') linkTree(source, target);
    } else if (entry.isSymbolicLink()) {
      symlinkSync(readlinkSync(source), target);
    } else {
      linkOrCopy(source, target);
    }
  }
}

/** The `.bin` links npm makes for a top-level package (without them npm unpacks it again). */
function linkBins(project: string, path: string, bin: Record<string, string>): void {
  if (path.lastIndexOf('node_modules/') !== 0) return;
  const binDir = join(project, 'node_modules', '.bin');
  mkdirSync(binDir, { recursive: true });
  for (const [name, file] of Object.entries(bin)) {
    symlinkSync(join('..', path.slice('node_modules/'.length), file), join(binDir, name));
  }
}

/** Seeds `project`/node_modules for the dependencies of its package.json and those `also` names. */
export function seedNodeModules(repo: string, project: string, also: string[] = []): void {
  const lock = (JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as { packages: Lock })
    .packages;
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as LockedPackage & {
    devDependencies?: Record<string, string>;
  };
  const names = [...Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }), ...also];
  for (const path of closure(repo, lock, names)) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    linkTree(join(repo, path), join(project, path));
    linkBins(project, path, lock[path]!.bin ?? {});
  }
}
