/**
 * One server process running a generated entry, supervised over an IPC channel: it resolves
 * once the server listens (with its address and routes) and stops with SIGTERM, then SIGKILL.
 * The entry exits by itself when the channel closes, so a crashed CLI leaves no server behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { StartMessage } from './dev-standby.js';
import type { ListeningMessage } from './entry.js';
import { STOP_GRACE_MS } from './signals.js';

export { STOP_GRACE_MS };

export interface ServerProcess {
  readonly listening: ListeningMessage;
  /** Resolves with the exit code (or signal name) when the process ends, for whatever reason. */
  readonly exited: Promise<number | string>;
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  entry: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Extra node flags, e.g. `--enable-source-maps`. */
  execArgv?: string[];
  /** A process started ahead of time (svc dev's standby) to run the entry in, instead of a new one. */
  standby?: ChildProcess;
}

/** Starts the entry; rejects if the process exits before it listens. */
export function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const child =
    options.standby ??
    spawn(process.execPath, [...(options.execArgv ?? []), options.entry], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  if (options.standby) {
    const start: StartMessage = { type: 'svc:start', entry: pathToFileURL(options.entry).href };
    options.standby.send(start);
  }
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (message: unknown) => {
      if (!isListening(message)) return;
      resolve({ listening: message, exited, stop: () => stopProcess(child, exited) });
    });
    void exited.then((code) => reject(new Error(`the server process exited with ${code} before listening`)));
  });
}

export function isListening(message: unknown): message is ListeningMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === 'svc:listening'
  );
}

async function stopProcess(child: ChildProcess, exited: Promise<number | string>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
