// Helpers shared by the cost benches (through side-by-side.mjs) and bench/soak.mjs: build an svc project with the
// CLI, start a server process, read its CPU time and RSS from /proc, and run autocannon.
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoDir = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const cli = join(repoDir, 'dist', 'cli', 'main.js');
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** `svc build --root <dir>`, with node_modules/svcjs linked to this checkout when missing. */
export function buildProject(dir) {
  const link = join(dir, 'node_modules', 'svcjs');
  if (!existsSync(link)) {
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(repoDir, link, 'dir');
  }
  const result = spawnSync(process.execPath, [cli, 'build', '--root', dir], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`svc build ${dir} failed:\n${result.stdout}${result.stderr}`);
}

/**
 * Spawns `node <args>` (or the svc CLI) and resolves once `ready` matches its output; counts the
 * request log lines it writes (read and dropped, as a log shipper would).
 */
export function startServer(args, ready, env = {}) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state = { child, logLines: 0, output: '' };
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      const text = chunk.toString();
      state.logLines += text.split('"msg":"request"').length - 1;
      // The start (the listening line) and, once listening, the last lines (the shutdown line).
      state.output = state.port ? (state.output + text).slice(-20000) : state.output + text;
      const match = ready.exec(state.output);
      if (match && !state.port) {
        state.port = Number(match[1]);
        resolve(state);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${state.output}`)));
  });
}

export function stopServer(state) {
  return new Promise((resolve) => {
    state.child.removeAllListeners('exit');
    state.child.once('exit', (code) => resolve(code));
    state.child.kill('SIGTERM');
  });
}

/** User + system CPU seconds of a process so far. */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Resident set size in MiB. */
export function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** The direct children of a process (Linux). */
export function childPids(pid) {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text === '' ? [] : text.split(' ').map(Number);
}

export async function load({ port, requests, seconds, connections = 50 }) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests,
  });
  return {
    total: result.requests.total,
    rps: result.requests.total / result.duration,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
