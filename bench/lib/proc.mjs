// Starting, awaiting and stopping one server process. Each server runs in its own process,
// pinned (when asked) to the last core so the load generator keeps the other one.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { setTimeout, clearTimeout } from 'node:timers';
import { cpus } from 'node:os';

export const SERVER_CPU = String(Math.max(0, cpus().length - 1));
export const LOADER_CPU = '0';

let tasksetChecked;
function hasTaskset() {
  tasksetChecked ??= cpus().length > 1 && spawnSync('taskset', ['-V']).status === 0;
  return tasksetChecked;
}

/** Pins this (the harness's, hence autocannon's) process to the loader core. */
export function pinSelf(pin) {
  if (pin && hasTaskset())
    spawnSync('taskset', ['-a', '-pc', LOADER_CPU, String(process.pid)], { stdio: 'ignore' });
}

/**
 * Spawns `node <args>` with PORT set. Output goes to a buffer shown only on failure.
 * @returns {{ child: import('node:child_process').ChildProcess, output: () => string }}
 */
export function startProcess({ args, port, cwd, env, pin, nodeFlags = [] }) {
  const nodeArgs = [...nodeFlags, ...args];
  const [cmd, argv] =
    pin && hasTaskset()
      ? ['taskset', ['-c', SERVER_CPU, process.execPath, ...nodeArgs]]
      : [process.execPath, nodeArgs];
  const child = spawn(cmd, argv, {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk) => {
    log = (log + chunk).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, output: () => log };
}

/**
 * A free port below the kernel's ephemeral range (32768+), so that no outgoing connection,
 * the load generator's included, can be holding it. Starts at `from`.
 */
export async function freePort(from) {
  for (let port = from; port < 32768; port++) {
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port from ${from}`);
}

function canListen(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * CPU seconds (user + system, all threads) the process has used so far, from /proc; NaN where
 * there is no /proc. Requests per CPU second hold steady when other work slows the machine,
 * where requests per second do not.
 */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

function tryConnect(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once the port accepts connections; rejects if the process exits first or after the timeout. */
export async function waitForPort(proc, port, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`exited with code ${proc.child.exitCode}\n${proc.output()}`);
    if (await tryConnect(port)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`port ${port} not open after ${timeoutMs} ms\n${proc.output()}`);
}

/** SIGTERM, then SIGKILL if the process has not exited within two seconds. */
export function stopProcess(proc, signal = 'SIGTERM') {
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 2000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}
