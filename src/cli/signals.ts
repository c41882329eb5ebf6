import { DEFAULT_SHUTDOWN_GRACE_MS } from '../model/app-options.js';

/**
 * How long a server has after SIGTERM before it is stopped anyway (SIGKILL for a server process):
 * the server's default `shutdownGraceMs` (in-flight requests finish) plus time for onShutdown
 * hooks. A worker of `svc start --workers N` gets the same.
 */
export const STOP_GRACE_MS = DEFAULT_SHUTDOWN_GRACE_MS + 5000;

/** Resolves on the first SIGINT or SIGTERM, so a command can stop its server processes cleanly. */
export function waitForShutdown(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
