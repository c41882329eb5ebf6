/** `svc dev`: analyze, write the spec, serve, and do it again on every change. */
import { existsSync } from 'node:fs';
import type { CliOptions } from './args.js';
import { CliError } from './cli-error.js';
import { DevSession } from './dev-session.js';
import { waitForShutdown } from './signals.js';
import { watchProject } from './watch.js';

/**
 * Quiet time after the last file event before a rebuild. An editor's save is a burst of events
 * within a millisecond or two; a longer burst (a git checkout) that outlasts this only costs a
 * second rebuild, since events during a rebuild are merged into the next one.
 */
const DEBOUNCE_MS = 30;

export async function runDev(options: CliOptions): Promise<number> {
  if (!existsSync(options.root)) throw new CliError(`no directory ${options.root}`);
  const session = new DevSession(options);
  const shutdown = waitForShutdown();
  // Watch before the first analysis, so edits made while it runs are not missed.
  const watcher = watchProject({
    root: options.root,
    ignore: ['dist'],
    debounceMs: DEBOUNCE_MS,
    onChange: (files) => void session.requestRebuild(files),
  });
  await session.serveLastOutput();
  if ((await session.requestRebuild([])) === 'fatal') {
    watcher.close();
    return 1;
  }
  void session.rehearseEdit();
  process.stdout.write(`svc: watching ${options.root} for changes\n`);
  await shutdown;
  watcher.close();
  await session.close();
  return 0;
}
