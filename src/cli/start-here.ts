/**
 * `svc start` with one worker serves in its own process: one Node start instead of a supervisor
 * plus a server process. The generated entry is imported as it is and finds the hook this module
 * leaves on globalThis (entry-file.ts's START_HOOK) where it would find an IPC channel. What a
 * user sees is what the two processes showed: the server's environment, working directory and
 * argv; the route table and the listening line; the entry's graceful stop on SIGTERM/SIGINT
 * (exit 0); "the server process exited with N before listening" (exit 1) when it cannot start;
 * "the server exited (N)" (exit 1) when it ends by itself.
 */
import { pathToFileURL } from 'node:url';
import { START_HOOK } from './entry-file.js';
import type { ListeningMessage } from './entry.js';
import { formatRouteTable } from './route-table.js';
import { STOP_GRACE_MS } from './signals.js';

export interface StartHereOptions {
  entry: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

type Phase = 'starting' | 'serving' | 'stopping';

export async function startHere({ entry, env, cwd }: StartHereOptions): Promise<number> {
  Object.assign(process.env, env);
  process.chdir(cwd);
  // The server process ran `node <entry>`: the app sees that argv, not the CLI's.
  process.argv.splice(1, Infinity, entry);
  let phase: Phase = 'starting';
  let signalled = false;
  const listening = (message: ListeningMessage) => {
    phase = 'serving';
    process.stdout.write(`${formatRouteTable(message.routes)}svc: listening on ${message.url}\n`);
    // A signal that came while starting stops the server now, through the entry's own handler.
    if (signalled) process.kill(process.pid, 'SIGTERM');
  };
  const onSignal = () => {
    signalled = true;
    if (phase !== 'serving') return;
    phase = 'stopping';
    // The supervisor's SIGKILL after the grace period: hooks that hang do not keep the process.
    setTimeout(() => process.exit(0), STOP_GRACE_MS).unref();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  process.once('exit', (code) => (process.exitCode = exitCode(phase, code)));
  Object.assign(globalThis, { [Symbol.for(START_HOOK)]: { listening } });
  await import(pathToFileURL(entry).href).catch((error: unknown) => {
    // What an uncaught error in the server process printed before it exited with 1.
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
  return 0;
}

/** The exit code `svc start` gave for each way its server process ended, and its last word. */
function exitCode(phase: Phase, code: number): number {
  if (phase === 'stopping') return 0;
  const line =
    phase === 'starting'
      ? `the server process exited with ${code} before listening`
      : `the server exited (${code})`;
  process.stderr.write(`svc: ${line}\n`);
  return 1;
}
