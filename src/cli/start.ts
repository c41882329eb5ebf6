/**
 * `svc start`: serve the last build. One server process, or N under node:cluster. This module
 * and everything it imports stay clear of `typescript` (and of the analyzer).
 */
import type { CliOptions } from './args.js';
import { findBuildEntry } from './build-info.js';
import { startServerProcess } from './child.js';
import { CliError } from './cli-error.js';
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
  const shutdown = waitForShutdown();
  const server = await startServerProcess({ entry, env, cwd: options.root }).catch((error: Error) => {
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
