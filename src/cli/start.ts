/**
 * `svc start`: serve the last build. One worker serves in this process (start-here.ts), N under
 * node:cluster; the entry of a build made before that could be served here runs in a server
 * process of its own. This module and everything it imports stay clear of `typescript` (and of the
 * analyzer).
 */
import { readFileSync } from 'node:fs';
import type { CliOptions } from './args.js';
import { findBuildEntry } from './build-info.js';
import { CliError } from './cli-error.js';
import { servesInProcess } from './entry-file.js';
import { formatRouteTable } from './route-table.js';
import { serverEnv } from './server-env.js';
import { waitForShutdown } from './signals.js';

export async function runStart(options: CliOptions): Promise<number> {
  const entry = findBuildEntry(options.root);
  const env = serverEnv(options, { nodeEnv: 'production' });
  // Loaded only for workers: node:cluster and the pub/sub relay are no part of a one-process start.
  if (options.workers > 1) {
    const { runCluster } = await import('./cluster.js');
    return runCluster({ entry, env, workers: options.workers });
  }
  if (servesInProcess(readFileSync(entry, 'utf8'))) {
    const { startHere } = await import('./start-here.js');
    return startHere({ entry, env, cwd: options.root });
  }
  return superviseServer(entry, env, options.root);
}

/** The entry in a server process of its own, stopped on SIGINT/SIGTERM. */
async function superviseServer(entry: string, env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  const shutdown = waitForShutdown();
  // Loaded only here: node:child_process is no part of a start served in this process.
  const { startServerProcess } = await import('./child.js');
  const server = await startServerProcess({ entry, env, cwd }).catch((error: Error) => {
    throw new CliError(error.message);
  });
  process.stdout.write(
    `${formatRouteTable(server.listening.routes)}svc: listening on ${server.listening.url}\n`,
  );
  const outcome = await Promise.race([
    shutdown.then(() => 'stop' as const),
    server.exited.then((code) => ({ code })),
  ]);
  if (outcome === 'stop') {
    await server.stop();
    return 0;
  }
  process.stderr.write(`svc: the server exited (${outcome.code})\n`);
  return 1;
}
