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
import { buildProject, repoDir } from './production/measure.mjs';
import {
  autocannonDriver,
  compareSideBySide,
  costOptions,
  printHeading,
  startOnPort,
} from './production/side-by-side.mjs';

const options = costOptions();

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
const start = (testCase) => startOnPort([join(dir, 'server.mjs'), JSON.stringify(testCase.options)]);
const drive = autocannonDriver((testCase) => CLIENTS.map((client) => ({ ...client, path: testCase.path })));
try {
  printHeading(options);
  await compareSideBySide(CASES, { ...options, start, drive });
} finally {
  redis.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
