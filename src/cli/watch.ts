/**
 * Watches a project for source changes. Rather than one recursive watcher on the root (which
 * would walk node_modules, and follow a symlinked package into its own tree), it watches the
 * root itself plus each top-level directory recursively, skipping node_modules, .svc, .git and
 * the output directory, and picks up top-level directories created later. Bursts of events
 * (an editor's save, a git checkout) are debounced into one callback.
 */
import { watch, readdirSync, statSync, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

const WATCHED_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|json)$/;

export interface WatchOptions {
  root: string;
  /** Top-level directory names never watched (beyond node_modules, .svc, .git). */
  ignore: readonly string[];
  debounceMs: number;
  /** Called with the changed paths (relative to the root) after a quiet period. */
  onChange: (files: string[]) => void;
}

export interface ProjectWatcher {
  close(): void;
}

export function watchProject(options: WatchOptions): ProjectWatcher {
  const ignored = new Set(['node_modules', '.svc', '.git', ...options.ignore]);
  const watchers = new Map<string, FSWatcher>();
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  const noteChange = (file: string) => {
    if (!WATCHED_FILE.test(file)) return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...pending].sort();
      pending.clear();
      options.onChange(files);
    }, options.debounceMs);
  };
  const watchDirectory = (name: string) => {
    if (ignored.has(name) || watchers.has(name) || !isDirectory(join(options.root, name))) return;
    const watcher = watch(join(options.root, name), { recursive: true }, (_event, file) => {
      if (file) noteChange(`${name}/${file.toString()}`);
    });
    watcher.on('error', () => watchers.delete(name));
    watchers.set(name, watcher);
  };

  const rootWatcher = watch(options.root, (_event, file) => {
    if (!file) return;
    const name = file.toString();
    const existing = watchers.get(name);
    if (existing && !isDirectory(join(options.root, name))) {
      existing.close();
      watchers.delete(name);
    }
    watchDirectory(name);
    noteChange(name);
  });
  for (const name of readdirSync(options.root)) watchDirectory(name);
  return {
    close() {
      clearTimeout(timer);
      rootWatcher.close();
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
