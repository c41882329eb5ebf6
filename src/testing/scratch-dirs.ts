/**
 * The temporary directories `createTestApp` transpiles into: `<root>/.svc/test/run-<pid>-*`.
 * Each is removed when its app closes, when the process exits without closing it (a failed
 * test), and, for a process that was killed, by the next `createTestApp` in that project, which
 * removes the directories of processes that no longer run.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const live = new Set<string>();
let exitHookInstalled = false;

export function makeScratchDir(root: string): string {
  const parent = join(root, '.svc', 'test');
  mkdirSync(parent, { recursive: true });
  removeOrphans(parent);
  const dir = mkdtempSync(join(parent, `run-${process.pid}-`));
  live.add(dir);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // 'exit' listeners must be synchronous; rmSync is.
    process.on('exit', () => live.forEach(removeNow));
  }
  return dir;
}

export function removeScratchDir(dir: string): void {
  live.delete(dir);
  removeNow(dir);
}

function removeNow(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Directories left by processes that are gone (killed before their exit hook could run). */
function removeOrphans(parent: string): void {
  for (const name of readdirSync(parent)) {
    const pid = /^run-(\d+)-/.exec(name)?.[1];
    if (pid === undefined || isRunning(Number(pid))) continue;
    removeNow(join(parent, name));
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
