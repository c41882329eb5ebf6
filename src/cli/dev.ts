/** `svc dev`: analyze, write the spec, serve, and do it again on every change. */
import { rmSync } from 'node:fs';
import type { CliOptions } from './args.js';
import { DevSession } from './dev-session.js';
import { waitForShutdown } from './signals.js';
import { watchProject } from './watch.js';

const DEBOUNCE_MS = 80;

export async function runDev(options: CliOptions): Promise<number> {
  const session = new DevSession(options);
  rmSync(session.outDir, { recursive: true, force: true });
  const shutdown = waitForShutdown();
  if ((await session.rebuild()) === 'fatal') return 1;
  const watcher = watchProject({
    root: options.root,
    ignore: ['dist'],
    debounceMs: DEBOUNCE_MS,
    onChange: (files) => session.requestRebuild(files),
  });
  process.stdout.write(`svc: watching ${options.root} for changes\n`);
  await shutdown;
  watcher.close();
  await session.close();
  return 0;
}
