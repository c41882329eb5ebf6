// What a rate limit costs a request, in requests per CPU second of the server process (CPU time
// from /proc): the hello route with no limit, under a limit counted in memory, and under one
// counted in a real redis-server (Debian's package), side by side so machine load hits all three
// alike. Not part of npm test. `node bench/rate-limit-cost.mjs [--seconds 5] [--rounds 3]` (after
// `npm run build`).
//
// The limit is never reached (a billion an hour): what is measured is counting, not refusing. The
// requests come from 100 client addresses (X-Forwarded-For, trusted), so the counters are many keys.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  buildProject,
  cpuSeconds,
  load,
  loadAverage,
  repoDir,
  startServer,
  stopServer,
} from './production/measure.mjs';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' } },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);

const APP = `import { App, Controller, Get, RateLimit } from 'svcjs';

@App({ prefix: '' })
export class RateLimitBenchApp {}

@Controller()
export class HelloController {
  @Get('free')
  free(): { hello: string } {
    return { hello: 'world' };
  }

  @RateLimit({ limit: 1_000_000_000, window: '1h' })
  @Get('limited')
  limited(): { hello: string } {
    return { hello: 'world' };
  }
}
`;

const SERVER = `import { createApp } from ${JSON.stringify(pathToFileURL(join(repoDir, 'dist', 'index.js')).href)};
const dist = new URL('./dist/', import.meta.url).pathname;
const options = JSON.parse(process.argv[2] ?? '{}');
const app = await createApp({ model: dist + 'app-model.json', baseDir: dist, root: dist, ...options });
const { port } = await app.listen({ host: '127.0.0.1', port: 0 });
console.log('port ' + port);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

/** The bench project in a temporary folder, built with this checkout's CLI. */
function makeProject() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-rate-limit-bench-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'app.ts'), APP);
  writeFileSync(join(dir, 'server.mjs'), SERVER);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  const compilerOptions = {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    experimentalDecorators: true,
    skipLibCheck: true,
    types: [],
    rootDir: 'src',
    outDir: 'dist',
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  buildProject(dir);
  return dir;
}

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/** redis-server on a free port, no persistence; resolves once it accepts connections. */
async function startRedis() {
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  child.removeAllListeners('exit');
  return { child, url: `redis://127.0.0.1:${port}` };
}

const CLIENTS = Array.from({ length: 100 }, (_, i) => ({
  method: 'GET',
  headers: { 'x-forwarded-for': `198.51.100.${i}` },
}));

/** Loads every case at once; gives each one's requests per server CPU second. */
async function runGroup(dir, cases) {
  const running = await Promise.all(
    cases.map(async (testCase) => ({
      state: await startServer([join(dir, 'server.mjs'), JSON.stringify(testCase.options)], /port (\d+)/),
      requests: CLIENTS.map((client) => ({ ...client, path: testCase.path })),
    })),
  );
  const connections = 25;
  await Promise.all(
    running.map((r) => load({ port: r.state.port, requests: r.requests, seconds: 2, connections })),
  );
  const before = running.map((r) => cpuSeconds(r.state.child.pid));
  const results = await Promise.all(
    running.map((r) => load({ port: r.state.port, requests: r.requests, seconds, connections })),
  );
  const cpu = running.map((r, i) => cpuSeconds(r.state.child.pid) - before[i]);
  const loadNow = loadAverage().split(' ')[0];
  await Promise.all(running.map((r) => stopServer(r.state)));
  return results.map((result, i) => {
    if (result.errors || result.non2xx)
      throw new Error(`${cases[i].name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
    return { perCpuSecond: result.total / cpu[i], load: loadNow };
  });
}

const dir = makeProject();
const redis = await startRedis();
const common = { requestLog: false, trustProxy: true };
const CASES = [
  { name: 'hello, no limit', path: '/free', options: { ...common, rateLimit: { redis: false } } },
  { name: 'hello, limit in memory', path: '/limited', options: { ...common, rateLimit: { redis: false } } },
  {
    name: 'hello, limit in Redis',
    path: '/limited',
    options: { ...common, rateLimit: { redis: redis.url } },
  },
];
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
try {
  console.log(`requests per server CPU second, the cases side by side (median of ${rounds} × ${seconds} s)`);
  const rows = CASES.map(() => []);
  const loads = [];
  for (let round = 0; round < rounds; round++) {
    const figures = await runGroup(dir, CASES);
    figures.forEach((figure, i) => rows[i].push(figure.perCpuSecond));
    loads.push(figures[0].load);
  }
  CASES.forEach((testCase, i) => {
    const ratio = median(rows[i].map((value, round) => value / rows[0][round]));
    const perCpu = Math.round(median(rows[i]));
    console.log(`${testCase.name.padEnd(26)} ${String(perCpu).padStart(7)} req/CPU-s  ×${ratio.toFixed(2)}`);
  });
  console.log(`  load average (1 min) at each round: ${loads.join(', ')}`);
} finally {
  redis.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
