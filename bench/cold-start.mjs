// Cold start: from spawning the server's process to its first 200 answer, median of N starts
// per server, servers alternating. svc is started the way users start a build (`svc start`,
// which supervises the server in a child process); the peers as their bench servers.
// Usage: node bench/cold-start.mjs [starts=10] [app=hello]   (after `npm run bench` built the apps)
// `app`: `hello` (one route) or `routes` (the 500-route app: bench/lib/gen-routes.mjs), the
// same scenario for every server; the first request is that app's first route.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
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

/** Milliseconds from spawn to the first 200 on GET `firstPath`; the process is then stopped. */
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
      if (status === 200) return performance.now() - started;
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
for (const server of present)
  console.log(`  ${server.name.padEnd(16)} ${Math.round(median(times[server.name]))} ms`);
