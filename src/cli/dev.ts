/** `svc dev`: analyze, write the spec, serve, and do it again on every change. */
import { existsSync } from 'node:fs';
import type { CliOptions } from './args.js';
import { CliError } from './cli-error.js';
import { DevSession } from './dev-session.js';
import { waitForShutdown } from './signals.js';
import { watchProject } from './watch.js';

const DEBOUNCE_MS = 80;

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
  process.stdout.write(`svc: watching ${options.root} for changes\n`);
  await shutdown;
  watcher.close();
  await session.close();
  return 0;
}
