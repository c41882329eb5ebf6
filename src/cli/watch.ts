/**
 * Watches a project for source changes: one non-recursive watcher per directory, skipping
 * node_modules, .svc, .git and the output directory.
 *
 * Why per directory and not `fs.watch(dir, { recursive: true })`: on Linux, Node 20 builds the
 * recursive watcher from one inotify watch per *file*, and an editor that saves by writing a new
 * file and renaming it over the old one (vim, sed -i, JetBrains "safe write") replaces the watched
 * inode; the watcher keeps watching the deleted one and every later save is missed. A directory
 * watch reports every entry created, changed or renamed into it, whatever the inode, so it sees
 * those saves too. New directories are watched as they appear, removed ones are dropped.
 * Bursts of events (an editor's save, a git checkout) are debounced into one callback.
 */
import { watch, readdirSync, statSync, type Dirent, type FSWatcher } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';

const WATCHED_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|json)$/;
/** Never sources, at any depth: dependencies, svc's own output, git's store. */
const ALWAYS_IGNORED = new Set(['node_modules', '.svc', '.git']);

export interface WatchOptions {
  root: string;
  /** Directories never watched, relative to the root (beyond node_modules, .svc, .git anywhere). */
  ignore: readonly string[];
  debounceMs: number;
  /** Called with the changed paths (relative to the root, `/`-separated) after a quiet period. */
  onChange: (files: string[]) => void;
}

export interface ProjectWatcher {
  close(): void;
}

export function watchProject(options: WatchOptions): ProjectWatcher {
  const isIgnored = (dir: string) => {
    const name = relative(options.root, dir);
    return ALWAYS_IGNORED.has(basename(dir)) || options.ignore.includes(name);
  };
  const watchers = new Map<string, FSWatcher>();
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  const noteChange = (file: string) => {
    if (!WATCHED_FILE.test(file)) return;
    pending.add(file.split(sep).join('/'));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...pending].sort();
      pending.clear();
      options.onChange(files);
    }, options.debounceMs);
  };
  const unwatchTree = (dir: string) => {
    for (const [path, watcher] of watchers) {
      if (path !== dir && !path.startsWith(dir + sep)) continue;
      watcher.close();
      watchers.delete(path);
    }
  };
  /** Watches `dir` and its subdirectories; `fresh` reports the files of a directory made later. */
  const watchTree = (dir: string, fresh: boolean) => {
    if (watchers.has(dir) || isIgnored(dir) || !isDirectory(dir)) return;
    const watcher = watch(dir, (_event, name) => {
      if (!name) return;
      const path = join(dir, name.toString());
      if (isDirectory(path)) watchTree(path, true);
      else if (watchers.has(path)) unwatchTree(path);
      noteChange(relative(options.root, path));
    });
    watcher.on('error', () => unwatchTree(dir));
    watchers.set(dir, watcher);
    for (const entry of readDirectory(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) watchTree(path, fresh);
      else if (fresh) noteChange(relative(options.root, path));
    }
  };

  watchTree(options.root, false);
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The entries of a directory, or none when it went away meanwhile. */
function readDirectory(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
