// `node bench/pubsub.mjs`: PubSub over Redis with examples/chat. Needs `npm run build` and a
// `redis-server` on the PATH (Debian's package). It measures
//   1. fan-out latency, POST → receipt, p50/p99, with SUBSCRIBERS SSE clients split over two
//      `svc start` processes sharing one Redis (each post waits for every receipt before the next);
//   2. messages per second through one topic, the same subscribers listening, posts pipelined;
//   3. the memory of IDLE idle SSE subscribers of one svc process (its RSS growth), and of the
//      subscriptions alone (PubSub objects in this process, heap growth).
// Options: --subscribers N (1000) --messages N (200) --burst N (1000) --idle N (10000).
// Every figure is printed with the load average: on a shared machine they are noisy.
import { readFileSync, rmSync } from 'node:fs';
import { Agent, get, request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildChat, children, freePort, REPO, startChat, startProcess } from './pubsub/processes.mjs';

const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '200' },
    burst: { type: 'string', default: '1000' },
    idle: { type: 'string', default: '10000' },
  },
});
const SUBSCRIBERS = Number(values.subscribers);
const MESSAGES = Number(values.messages);
const BURST = Number(values.burst);
const IDLE = Number(values.idle);
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
// Posts reuse connections, as a real client's would: the figure is PubSub's, not TCP set-up's.
const postAgent = new Agent({ keepAlive: true, maxSockets: 32 });
const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;
/** Connections that failed (reset, refused): counted and reported rather than crashing the run. */
const failures = [];
let closing = false;
const fail = (what) => (error) => {
  if (!closing) failures.push(`${what}: ${error.code ?? error.message}`);
};
const ignore = () => {};
/** Closes listeners the bench is done with: the resets that follow are its own doing, not failures. */
function closeAll(requests) {
  for (const req of requests) {
    for (const emitter of [req, req.res]) emitter?.removeAllListeners('error').on('error', ignore);
    req.destroy();
  }
}

/** One SSE listener: calls `onEvent(event, receivedAt)` for each data event. */
function listen(url, onEvent) {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent }, (res) => {
      res.on('error', fail('SSE listener'));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const at = performance.now();
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('data: ')) onEvent(JSON.parse(block.slice(6)), at);
        }
      });
      resolve(req);
    });
    req.once('error', reject);
    req.on('error', fail('SSE listener'));
  });
}

function post(base, text) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ from: 'bench', text });
    const req = request(`${base}/api/rooms/bench/messages`, {
      method: 'POST',
      agent: postAgent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.once('response', (res) => {
      res.resume();
      res.once('end', () =>
        res.statusCode === 202 ? resolve() : reject(new Error(`POST ${res.statusCode}`)),
      );
    });
    req.once('error', reject);
    req.end(body);
  });
}

/** A post that met a reset connection (a keep-alive socket the busy server dropped) is sent again, up to 3 times. */
async function postRetrying(base, text) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await post(base, text);
    } catch (error) {
      fail('POST')(error);
      if (attempt === 3) throw error;
    }
  }
}

/** Opens `count` listeners split over `bases`; resolves once each has its `joined` event. */
async function openListeners(bases, count, onMessage) {
  let joined = 0;
  let allJoined;
  const done = new Promise((resolve) => (allJoined = resolve));
  const requests = [];
  for (let i = 0; i < count; i++) {
    const url = `${bases[i % bases.length]}/api/rooms/bench/events`;
    requests.push(
      await listen(url, (event, at) => {
        if (event.type === 'joined') {
          if (++joined === count) allJoined();
        } else onMessage(event, at);
      }),
    );
  }
  await done;
  return requests;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function fanOut(bases) {
  const latencies = [];
  let sentAt = 0;
  let received = 0;
  let allReceived = () => {};
  let expected = 0;
  const onMessage = (event, at) => {
    if (event.text.startsWith('burst')) return burst.onMessage();
    latencies.push(at - sentAt);
    if (++received === expected) allReceived();
  };
  const burst = { onMessage: () => {} };
  const listeners = await openListeners(bases, SUBSCRIBERS, onMessage);
  for (let n = 0; n < MESSAGES; n++) {
    expected = (n + 1) * SUBSCRIBERS;
    const all = new Promise((resolve) => (allReceived = resolve));
    sentAt = performance.now();
    await postRetrying(bases[n % bases.length], `latency ${n}`);
    await all;
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `fan-out latency, POST → receipt, ${SUBSCRIBERS} SSE subscribers over 2 processes on Redis, ${MESSAGES} messages: ` +
      `p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms (${load()})`,
  );
  await throughput(bases, burst);
  closeAll(listeners);
}

/** BURST posts, 32 in flight, while every subscriber listens: until the last one has them all. */
async function throughput(bases, burst) {
  let deliveries = 0;
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  burst.onMessage = () => {
    if (++deliveries === BURST * SUBSCRIBERS) done();
  };
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < BURST) {
      const n = next++;
      await postRetrying(bases[n % bases.length], `burst ${n}`);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  const posted = performance.now();
  await finished;
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `one topic: ${BURST} messages to ${SUBSCRIBERS} subscribers in ${seconds.toFixed(2)} s: ` +
      `${Math.round(BURST / seconds)} messages/s, ${Math.round((BURST * SUBSCRIBERS) / seconds)} deliveries/s ` +
      `(posting alone ${Math.round(BURST / ((posted - started) / 1000))} posts/s) (${load()})`,
  );
}

const rssOf = (pid) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** RSS growth of one svc process (in-process PubSub) as IDLE SSE subscribers join one room. */
async function idleMemory(dir) {
  const base = await startChat(dir, { SVC_REDIS_URL: '' });
  let pid;
  const first = await openListeners([base], 10, () => {});
  await new Promise((resolve) => {
    const req = get(`${base}/api/rooms/bench/events`, { agent }, (res) => {
      res.setEncoding('utf8');
      res.once('data', (chunk) => {
        pid = JSON.parse(chunk.slice(6)).server;
        req.destroy();
        resolve();
      });
    });
  });
  const before = rssOf(pid);
  const idle = await openListeners([base], IDLE, () => {});
  const after = rssOf(pid);
  console.log(
    `${IDLE} idle SSE subscribers in one svc process: RSS ${mib(before)} → ${mib(after)}, ` +
      `${((after - before) / IDLE / 1024).toFixed(1)} KiB each (socket, HTTP response, SSE writer and subscription) (${load()})`,
  );
  closeAll([...first, ...idle]);
}

/** Heap growth of IDLE subscriptions alone, in this process (run with --expose-gc for a settled heap). */
async function subscriptionMemory() {
  const { PubSub } = await import(join(REPO, 'dist', 'index.js'));
  const pubsub = new PubSub();
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const subscriptions = Array.from({ length: IDLE }, () => pubsub.subscribe('bench'));
  globalThis.gc?.();
  const after = process.memoryUsage().heapUsed;
  console.log(
    `${subscriptions.length} idle subscriptions alone: heap +${mib(after - before)}, ` +
      `${((after - before) / IDLE).toFixed(0)} bytes each${globalThis.gc ? '' : ' (no --expose-gc: rough)'} (${load()})`,
  );
  await pubsub.close();
}

async function main() {
  console.log(`bench/pubsub: ${load()} at start; the machine may be shared, so read figures with it`);
  // Bursts must not end the subscribers of a client that reads 1,000 streams at once.
  const dir = await buildChat(BURST + 10);
  try {
    const port = await freePort();
    await startProcess(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {},
      /Ready to accept connections/,
    );
    const env = { SVC_REDIS_URL: `redis://127.0.0.1:${port}` };
    const bases = await Promise.all([startChat(dir, env), startChat(dir, env)]);
    await fanOut(bases);
    await idleMemory(dir);
    await subscriptionMemory();
  } finally {
    postAgent.destroy();
    closing = true;
    if (failures.length > 0) {
      const kinds = new Map();
      for (const failure of failures) kinds.set(failure, (kinds.get(failure) ?? 0) + 1);
      console.log(`connection failures: ${[...kinds].map(([kind, n]) => `${n} × ${kind}`).join(', ')}`);
      for (const { child, output } of children) console.log(`--- ${child.spawnargs.join(' ')}\n${output}`);
    }
    for (const { child } of children) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
