// Soak: the example bookstore under `svc start` with the request log on, 60 s at full rate.
// Passes with zero errors and zero non-2xx answers, one log line per request, and the server's
// RSS at the end within 10% of its RSS after warm-up. Not part of npm test:
// `node bench/soak.mjs [--seconds 60] [--warmup 10] [--connections 50]`.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildProject,
  childPids,
  cpuSeconds,
  load,
  loadAverage,
  repoDir,
  rssMiB,
  startServer,
  stopServer,
} from './production/measure.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '30' },
    connections: { type: 'string', default: '50' },
  },
});

/** The example copied to a temporary project that uses svc the way an installed app does. */
function exampleProject() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-soak-'));
  const example = join(repoDir, 'examples', 'bookstore');
  cpSync(join(example, 'src'), join(dir, 'src'), { recursive: true });
  const tsconfig = JSON.parse(readFileSync(join(example, 'tsconfig.json'), 'utf8'));
  delete tsconfig.compilerOptions.paths; // svcjs resolves through node_modules, as when installed
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'soak', private: true, type: 'module' }));
  mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
  symlinkSync(
    join(repoDir, 'node_modules', '@types', 'node'),
    join(dir, 'node_modules', '@types', 'node'),
    'dir',
  );
  return dir;
}

/** Every request of the mix, checked once: each must be a 2xx. */
async function requestMix(port) {
  const base = `http://127.0.0.1:${port}/api`;
  const books = await (await fetch(`${base}/books`)).json();
  const mix = [
    { method: 'GET', path: '/api/books' },
    { method: 'GET', path: `/api/books/${encodeURIComponent(books[0].id)}` },
    { method: 'GET', path: '/api/account/me', headers: { authorization: 'Bearer reader-token' } },
  ];
  for (const request of mix) {
    const response = await fetch(`http://127.0.0.1:${port}${request.path}`, {
      headers: request.headers,
    });
    if (!response.ok) throw new Error(`${request.path}: ${response.status} ${await response.text()}`);
  }
  return mix;
}

const dir = exampleProject();
try {
  buildProject(dir);
  const cli = join(repoDir, 'dist', 'cli', 'main.js');
  const state = await startServer(
    [cli, 'start', '--root', dir, '--host', '127.0.0.1', '--port', '0'],
    /listening on http:\/\/[^:]+:(\d+)/,
  );
  const [serverPid] = childPids(state.child.pid);
  const requests = await requestMix(state.port);
  const connections = Number(values.connections);
  const warm = await load({ port: state.port, requests, seconds: Number(values.warmup), connections });
  const rssWarm = rssMiB(serverPid);
  const cpuBefore = cpuSeconds(serverPid);
  const loadBefore = loadAverage();
  // RSS every 10 s during the soak, to tell a plateau from a steady climb.
  const samples = [];
  const sampler = setInterval(() => samples.push(rssMiB(serverPid).toFixed(1)), 10_000);
  const soak = await load({ port: state.port, requests, seconds: Number(values.seconds), connections });
  clearInterval(sampler);
  const rssEnd = rssMiB(serverPid);
  const cpu = cpuSeconds(serverPid) - cpuBefore;
  const loadAfter = loadAverage();
  const code = await stopServer(state);
  // requestMix sent one request more than the mix (the list it took an id from).
  const expectedLines = requests.length + 1 + warm.total + soak.total;
  const growth = (rssEnd - rssWarm) / rssWarm;
  const checks = {
    'zero errors': soak.errors === 0 && warm.errors === 0,
    'zero non-2xx': soak.non2xx === 0 && warm.non2xx === 0,
    // autocannon stops counting at the deadline with up to one request per connection in flight,
    // which the server still answers (and logs): at most that many more lines per run.
    'one log line per request':
      state.logLines >= expectedLines && state.logLines <= expectedLines + 2 * connections,
    'RSS at the end within 10% of after warm-up': Math.abs(growth) <= 0.1,
    'svc start exited 0': code === 0,
  };
  console.log(
    `soak: ${values.seconds} s at full rate, ${connections} connections, bookstore under svc start, log on`,
  );
  console.log(
    `  requests ${soak.total} (${Math.round(soak.rps)} req/s, ${Math.round(soak.total / cpu)} req per server CPU second)`,
  );
  console.log(
    `  errors ${soak.errors}, non-2xx ${soak.non2xx}; log lines ${state.logLines} of ${expectedLines} requests`,
  );
  console.log(
    `  RSS after warm-up ${rssWarm.toFixed(1)} MiB, at the end ${rssEnd.toFixed(1)} MiB (${(growth * 100).toFixed(1)}%)`,
  );
  console.log(`  RSS every 10 s: ${samples.join(', ')} MiB`);
  console.log(`  load average before ${loadBefore}, after ${loadAfter}`);
  const shutdown = /svc: shutdown on [^\n]*/.exec(state.output);
  if (shutdown) console.log(`  ${shutdown[0]}`);
  for (const [name, ok] of Object.entries(checks)) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}`);
  process.exitCode = Object.values(checks).every(Boolean) ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
