// `node --import tsx bench/pubsub-frozen.ts`: how long a publish waits while Redis is frozen.
// examples/chat in this process (createTestApp, real socket) on a real redis-server; Redis is
// stopped with SIGSTOP (it stays "connected": the kernel keeps its sockets open), then POSTS
// posts go out at once and TRICKLE more one at a time; Redis gets SIGCONT after FREEZE_MS.
// Prints, per group, the statuses and the latency (p50/p99/max) with the load average, as the
// client saw it and as the request log measured it in the server (from the handler to the answer:
// the client's figure adds the queueing of thousands of connections on a busy machine), then
// whether a post after SIGCONT is answered 202 and the lines svc logged besides the request log.
// Options: --posts N (2000) --trickle N (20) --freeze-ms N (10000) --timeout-ms N (svc's default).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createTestApp } from '../src/testing/index.js';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '2000' },
    trickle: { type: 'string', default: '20' },
    'freeze-ms': { type: 'string', default: '10000' },
    'timeout-ms': { type: 'string' },
  },
});
const POSTS = Number(values.posts);
const TRICKLE = Number(values.trickle);
const FREEZE_MS = Number(values['freeze-ms']);
const CHAT = fileURLToPath(new URL('../examples/chat', import.meta.url));
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function startRedis(port: number): Promise<ReturnType<typeof spawn>> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  await new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    }),
  );
  return child;
}

/** One POST; resolves with its status and how long it took, in ms. */
function post(base: string, text: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ from: 'bench', text });
    const req = request(`${base}/api/rooms/frozen/messages`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function summary(name: string, results: { status: number; ms: number }[]): void {
  const statuses: Record<number, number> = {};
  for (const { status } of results) statuses[status] = (statuses[status] ?? 0) + 1;
  const sorted = results.map(({ ms }) => ms).sort((a, b) => a - b);
  const at = (q: number): string =>
    (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(0);
  console.log(
    `${name}: ${results.length} posts, statuses ${JSON.stringify(statuses)}, ` +
      `latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms (load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')})`,
  );
}

const port = await freePort();
const redis = await startRedis(port);
const lines: string[] = [];
/** The request log's `ms` and status of each post, in the order they were answered. */
const served: { status: number; ms: number }[] = [];
const log = (line: string): void => {
  const entry = line.startsWith('{') ? (JSON.parse(line) as Record<string, unknown>) : undefined;
  if (entry?.msg === 'request') served.push({ status: Number(entry.status), ms: Number(entry.ms) });
  else lines.push(line);
};
const timeout = values['timeout-ms'] === undefined ? {} : { commandTimeoutMs: Number(values['timeout-ms']) };
const app = await createTestApp({
  root: CHAT,
  log,
  pubsub: { redis: `redis://127.0.0.1:${port}`, ...timeout },
});
const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
try {
  summary(
    'before the freeze',
    await Promise.all(Array.from({ length: 20 }, (_, n) => post(url, `warm ${n}`))),
  );
  served.length = 0;
  redis.kill('SIGSTOP');
  const thawed = new Promise<void>((resolve) =>
    setTimeout(() => {
      redis.kill('SIGCONT');
      resolve();
    }, FREEZE_MS),
  );
  const burst = Promise.all(Array.from({ length: POSTS }, (_, n) => post(url, `burst ${n}`)));
  const trickle: { status: number; ms: number }[] = [];
  for (let n = 0; n < TRICKLE; n++) trickle.push(await post(url, `trickle ${n}`));
  summary(`burst during a ${FREEZE_MS} ms freeze`, await burst);
  summary('then one at a time, still frozen unless the burst outlasted it', trickle);
  summary('all of these posts, as the server measured them', served.splice(0));
  await thawed;
  summary('after SIGCONT (first post)', [await post(url, 'after')]);
  console.log(`svc log lines (${lines.length}):\n  ${lines.join('\n  ')}`);
} finally {
  redis.kill('SIGCONT');
  await app.close();
  redis.kill('SIGKILL');
  agent.destroy();
}
