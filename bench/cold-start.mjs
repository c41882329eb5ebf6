// Cold start: from spawning the server's process to its first 200 answer, median of N starts
// per server, servers alternating. svc is started the way users start a build (`svc start`,
// which serves in its own process with one worker); the peers as their bench servers. Beside the
// wall time, the CPU time (user + system) the spawned process and its children had used when the
// first 200 came: on a loaded machine it moves far less than the wall time.
// Usage: node bench/cold-start.mjs [starts=10] [app=hello]   (after `npm run bench` built the apps)
// `app`: `hello` (one route) or `routes` (the 500-route app: bench/lib/gen-routes.mjs), the
// same scenario for every server; the first request is that app's first route.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib/stats.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const repoDir = dirname(benchDir);
const starts = Number(process.argv[2] ?? 10);
const app = process.argv[3] ?? 'hello';
const firstPath = { hello: '/hello', routes: '/res0/static0' }[app];
if (firstPath === undefined) throw new Error(`unknown app ${app}: hello or routes`);
const PORT = 21900;

const servers = [
  {
    name: 'svc start',
    args: [join(repoDir, 'dist', 'cli', 'main.js'), 'start', '--root', join(benchDir, 'apps', `svc-${app}`)],
  },
  { name: 'Fastify', args: [join(benchDir, 'servers', 'fastify.mjs'), app] },
  { name: 'Nest (Express)', args: [join(benchDir, 'build', 'nest', 'main.js'), app, 'express'] },
];

/** CPU milliseconds (user + system) of a process and its descendants, from /proc (Linux). */
function treeCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    let ms = (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) ms += treeCpuMs(child);
    }
    return ms;
  } catch {
    return NaN; // not Linux, or the process is gone
  }
}

/**
 * Milliseconds from spawn to the first 200 on GET `firstPath`, and the CPU milliseconds the
 * process tree had used by then; the process is then stopped.
 */
async function coldStart(args) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: benchDir,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      const status = await fetch(`http://127.0.0.1:${PORT}${firstPath}`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return { ms: performance.now() - started, cpuMs: treeCpuMs(child.pid) };
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    // `svc start` stops its server child on SIGTERM: the next start must not find it answering.
    while (
      await fetch(`http://127.0.0.1:${PORT}${firstPath}`).then(
        () => true,
        () => false,
      )
    )
      await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const times = Object.fromEntries(servers.map((server) => [server.name, []]));
const present = servers.filter((server) => existsSync(server.args[0]));
for (let round = 0; round < starts; round++)
  for (const server of present) times[server.name].push(await coldStart(server.args));
console.log(
  `cold start to first 200 (${app} app), median of ${starts} (load average ${loadavg()[0].toFixed(2)})`,
);
for (const server of present) {
  const wall = Math.round(median(times[server.name].map((start) => start.ms)));
  const cpu = Math.round(median(times[server.name].map((start) => start.cpuMs)));
  console.log(`  ${server.name.padEnd(16)} ${wall} ms (CPU ${cpu} ms)`);
}
