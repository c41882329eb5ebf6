// What a 50 MB download costs the server: svc's sendFile and a node Readable
// (fs.createReadStream) beside Fastify's reply.send(fs.createReadStream) and @fastify/static's
// reply.sendFile. Per server CPU second (CPU time from /proc, so the client does not count) and
// the server's RSS before the downloads and its peak while serving, with the load average. Not part of npm test.
// `node bench/download.mjs [--rounds 3] [--downloads 20] [--parallel 4]`
//
// svc serves test/fixtures/apps/files from this checkout's sources (through tsx, as the tests do;
// the analysis at start-up is not measured). Each server is its own process; one client process
// (this one) reads every answer to its end and checks its length.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const SIZE = 50 * 1024 * 1024;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    downloads: { type: 'string', default: '20' },
    parallel: { type: 'string', default: '4' },
    serve: { type: 'string' },
    data: { type: 'string' },
  },
});

/** The server side: one of the servers, on a free port; prints `port <n>`. */
async function serve(kind, dataDir) {
  if (kind === 'svc') {
    const { probes } = await import('../test/fixtures/apps/files/src/probes.ts');
    probes().dataDir = dataDir;
    const { createTestApp } = await import('../src/testing/index.ts');
    const root = join(repo, 'test', 'fixtures', 'apps', 'files');
    const app = await createTestApp({ root, dev: false, log: () => {}, requestLog: false });
    const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
    console.log(`port ${new URL(url).port}`);
    return;
  }
  const { createReadStream } = await import('node:fs');
  const fastify = (await import('./node_modules/fastify/fastify.js')).default({ logger: false });
  if (kind === 'fastify-static') {
    const fastifyStatic = (await import('@fastify/static')).default;
    await fastify.register(fastifyStatic, { root: dataDir, serve: false });
    fastify.get('/big', (_req, reply) => reply.sendFile('big.bin'));
  } else {
    fastify.get('/big', (_req, reply) =>
      reply.type('application/octet-stream').send(createReadStream(join(dataDir, 'big.bin'))),
    );
  }
  await fastify.listen({ host: '127.0.0.1', port: 0 });
  console.log(`port ${fastify.server.address().port}`);
}

if (values.serve) {
  await serve(values.serve, values.data);
} else {
  await main();
}

function startServer(kind, dataDir) {
  const args = ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', kind, '--data', dataDir];
  const child = spawn(process.execPath, args, {
    cwd: join(repo, 'bench'),
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /port (\d+)/.exec(out);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.once('exit', (code) => reject(new Error(`${kind} exited ${code}: ${out}`)));
  });
}

async function stopServer(server) {
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  await exited;
}

function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** One download read to its end; resolves with its byte count. */
function download(port, path) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** `count` downloads, `parallel` at a time; the server's CPU seconds and peak RSS meanwhile. */
async function measure(server, path, count, parallel) {
  await download(server.port, path); // warm-up
  const cpuBefore = cpuSeconds(server.child.pid);
  const before = rssMiB(server.child.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.child.pid))), 20);
  let next = 0;
  const worker = async () => {
    while (next++ < count) {
      const bytes = await download(server.port, path);
      if (bytes !== SIZE) throw new Error(`${path}: ${bytes} bytes, not ${SIZE}`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: parallel }, worker));
  const wall = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB(server.child.pid));
  const cpu = cpuSeconds(server.child.pid) - cpuBefore;
  return { cpu, wall, before, peak };
}

async function main() {
  const rounds = Number(values.rounds);
  const count = Number(values.downloads);
  const parallel = Number(values.parallel);
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-download-'));
  writeFileSync(join(dataDir, 'big.bin'), Buffer.alloc(SIZE, 120));
  const cases = [
    { name: 'svc sendFile', server: 'svc', path: '/api/files/big' },
    { name: 'svc Readable (fs.createReadStream)', server: 'svc', path: '/api/files/big-stream' },
    { name: 'Fastify reply.send(createReadStream)', server: 'fastify', path: '/big' },
    { name: '@fastify/static reply.sendFile', server: 'fastify-static', path: '/big' },
  ];
  const servers = {};
  try {
    // A first svc start analyzes the fixture and leaves svc's warm-start cache; the measured one
    // starts from it, so its process holds no TypeScript compiler (as in production).
    await stopServer(await startServer('svc', dataDir));
    for (const kind of new Set(cases.map((c) => c.server))) servers[kind] = await startServer(kind, dataDir);
    console.log(`${count} downloads of 50 MB per case and round, ${parallel} at a time; ${rounds} rounds`);
    for (let round = 1; round <= rounds; round++) {
      console.log(
        `round ${round} (load average ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')})`,
      );
      for (const c of cases) {
        const { cpu, wall, before, peak } = await measure(servers[c.server], c.path, count, parallel);
        const perCpu = (count / cpu).toFixed(1);
        const mbPerCpu = ((count * SIZE) / 1e6 / cpu).toFixed(0);
        console.log(
          `  ${c.name.padEnd(38)} ${perCpu.padStart(6)} downloads/CPU-s (${mbPerCpu} MB/CPU-s), CPU ${cpu.toFixed(2)} s, wall ${wall.toFixed(2)} s, RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MiB`,
        );
      }
    }
    console.log(
      `load average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    for (const server of Object.values(servers)) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
