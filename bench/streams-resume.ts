// `node --import tsx bench/streams-resume.ts [--redis]`: what resuming costs on the relay path.
// bench/resume-app (an SSE relay written the usual way, and a route that publishes a burst) in this
// process (createTestApp, real sockets), with pubsub.retention off and on (the default: ids on
// every event, each message kept in the topic's history):
// - relay: SUBSCRIBERS SSE clients on one topic, a burst of EVENTS messages (SIZE characters
//   each, IN_FLIGHT publishes at once); events delivered per second, from the burst's start to
//   the last event of the last client;
// - replay (retention on only): a client that reconnects with Last-Event-ID while EVENTS_BACK
//   messages wait for it in the history; events per second until it has them all.
// With --redis the same again through a real redis-server (Debian's package): retention off is
// PUBLISH, on is the XADD + PUBLISH script. Rounds alternate the order of off and on; each
// figure is printed with the load average beside it, then the median of the rounds. First, the
// relay path without sockets (publish, take, write the frame), in CPU ns per frame: on a busy
// machine the steadiest figure of what ids and the history add per event.
// Options: --events N (20000) --subscribers N (10) --size N (100) --in-flight N (64)
// --events-back N (1000) --rounds N (3) --redis --micro-only (the socket-free figure alone).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { get, request, type IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { SvcApp } from '../src/index.js';
import { PubSub } from '../src/runtime/pubsub/pubsub.js';
import {
  bindSubscriptionsToRequests,
  currentRequestSubscriptions,
} from '../src/runtime/pubsub/request-scope.js';
import { formatEvent } from '../src/runtime/streams/sse-format.js';
import { createTestApp } from '../src/testing/index.js';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '20000' },
    subscribers: { type: 'string', default: '10' },
    size: { type: 'string', default: '100' },
    'in-flight': { type: 'string', default: '64' },
    'events-back': { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    redis: { type: 'boolean', default: false },
    'micro-only': { type: 'boolean', default: false },
  },
});
const EVENTS = Number(values.events);
const SUBSCRIBERS = Number(values.subscribers);
const SIZE = Number(values.size);
const IN_FLIGHT = Number(values['in-flight']);
const EVENTS_BACK = Number(values['events-back']);
const ROUNDS = Number(values.rounds);
const ROOT = fileURLToPath(new URL('./resume-app', import.meta.url));

const load = (): string =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
let topics = 0;

/** An SSE client counting events (blank lines); `id` is the first event's id. */
class Counter {
  count = 0;
  firstId: string | undefined;
  private tail = '';
  private waiter: { target: number; resolve: () => void } | undefined;

  constructor(readonly response: IncomingMessage) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => this.feed(chunk));
    response.on('end', () => {
      if (this.waiter) throw new Error(`a stream ended after ${this.count} of ${this.waiter.target} events`);
    });
  }

  static async open(base: string, topic: string, lastEventId?: string): Promise<Counter> {
    const headers: Record<string, string> = lastEventId ? { 'last-event-id': lastEventId } : {};
    const req = get(`${base}/api/bench/events/${topic}`, { headers });
    const [response] = (await once(req, 'response')) as [IncomingMessage];
    const counter = new Counter(response);
    await counter.reach(1);
    return counter;
  }

  reach(target: number): Promise<void> {
    if (this.count >= target) return Promise.resolve();
    return new Promise((resolve) => (this.waiter = { target, resolve }));
  }

  close(): void {
    this.response.destroy();
  }

  private feed(chunk: string): void {
    const text = this.tail + chunk;
    if (this.firstId === undefined) this.firstId = /^id: (.*)$/m.exec(text)?.[1];
    for (let at = text.indexOf('\n\n'); at !== -1; at = text.indexOf('\n\n', at + 2)) this.count++;
    this.tail = text.slice(-1) === '\n' && !text.endsWith('\n\n') ? '\n' : '';
    if (this.waiter && this.count >= this.waiter.target) {
      this.waiter.resolve();
      this.waiter = undefined;
    }
  }
}

async function burst(base: string, topic: string, count: number): Promise<void> {
  const body = JSON.stringify({ count, size: SIZE, inFlight: IN_FLIGHT });
  const req = request(`${base}/api/bench/burst/${topic}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  req.end(body);
  const [response] = (await once(req, 'response')) as [IncomingMessage];
  response.resume();
  if (response.statusCode !== 204) throw new Error(`burst answered ${response.statusCode}`);
}

async function withApp<T>(redis: string | undefined, retention: boolean, run: (base: string) => Promise<T>) {
  const app: SvcApp = await createTestApp({
    root: ROOT,
    log: () => {},
    requestLog: false,
    // The burst publishes faster than sockets take it: a queue that holds it all measures the
    // relay, not pubsub.maxQueue ending the subscribers.
    pubsub: { maxQueue: EVENTS + 1, ...(redis ? { redis } : {}), ...(retention ? {} : { retention: false }) },
  });
  try {
    return await run((await app.listen({ host: '127.0.0.1', port: 0 })).url);
  } finally {
    await app.close();
  }
}

interface Figure {
  /** Events delivered per second of wall time. */
  perSecond: number;
  /** CPU time of this process (server and clients) per event delivered, in µs: steadier on a busy machine. */
  cpuMicros: number;
}

/** Events delivered to SUBSCRIBERS clients of one topic during one burst. */
async function relay(base: string): Promise<Figure> {
  const topic = `relay-${++topics}`;
  const clients = await Promise.all(Array.from({ length: SUBSCRIBERS }, () => Counter.open(base, topic)));
  const started = performance.now();
  const cpu = process.cpuUsage();
  await burst(base, topic, EVENTS);
  await Promise.all(clients.map((client) => client.reach(EVENTS + 1)));
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  for (const client of clients) client.close();
  const delivered = EVENTS * SUBSCRIBERS;
  return { perSecond: delivered / seconds, cpuMicros: (user + system) / delivered };
}

/** Events per second for a client reconnecting with EVENTS_BACK events to catch up on. */
async function replay(base: string): Promise<number> {
  const topic = `replay-${++topics}`;
  const first = await Counter.open(base, topic);
  first.close();
  await burst(base, topic, EVENTS_BACK);
  const started = performance.now();
  const back = await Counter.open(base, topic, first.firstId);
  await back.reach(EVENTS_BACK + 1);
  const seconds = (performance.now() - started) / 1000;
  back.close();
  return EVENTS_BACK / seconds;
}

const median = (list: number[]): number =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
const round = (n: number): string => Math.round(n).toLocaleString('en');

async function measure(transport: string, redis: string | undefined): Promise<void> {
  const figures = { off: [] as Figure[], on: [] as Figure[], replay: [] as number[] };
  for (let n = 0; n < ROUNDS; n++) {
    for (const retention of n % 2 === 0 ? [false, true] : [true, false]) {
      const key = retention ? 'on' : 'off';
      const figure = await withApp(redis, retention, relay);
      figures[key].push(figure);
      const cpu = figure.cpuMicros.toFixed(1);
      console.log(
        `${transport} relay, retention ${key}: ${round(figure.perSecond)} events/s, ${cpu} µs CPU/event  (load ${load()})`,
      );
    }
    const perSecond = await withApp(redis, true, replay);
    figures.replay.push(perSecond);
    console.log(`${transport} replay of ${EVENTS_BACK}: ${round(perSecond)} events/s  (load ${load()})`);
  }
  const rate = (list: Figure[]) => median(list.map((figure) => figure.perSecond));
  const cpu = (list: Figure[]) => median(list.map((figure) => figure.cpuMicros));
  console.log(
    `${transport} medians: relay off ${round(rate(figures.off))} events/s ${cpu(figures.off).toFixed(1)} µs/event, ` +
      `on ${round(rate(figures.on))} events/s ${cpu(figures.on).toFixed(1)} µs/event (CPU on/off ${(cpu(figures.on) / cpu(figures.off)).toFixed(3)}); ` +
      `replay ${round(median(figures.replay))} events/s  (load ${load()})\n`,
  );
}

async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  await new Promise<void>((resolve) =>
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    }),
  );
  return { url: `redis://127.0.0.1:${port}`, child };
}

/**
 * The relay path without sockets, in-process: publish, each subscriber takes the message and
 * writes its SSE frame as the writer does (with the request's position as its id when retention
 * is on). CPU ns per frame; a request scope per subscriber, as in a server.
 */
async function micro(retention: boolean): Promise<number> {
  const pubsub = new PubSub({ maxQueue: EVENTS + 1, ...(retention ? {} : { retention: false }) });
  const readers = await Promise.all(
    Array.from({ length: SUBSCRIBERS }, () =>
      bindSubscriptionsToRequests(async (_request: unknown) => {
        const subscription = pubsub.subscribe<{ n: number; text: string }>('micro');
        await subscription.ready;
        return { subscription, scope: currentRequestSubscriptions() };
      })({ headers: {}, upgrade: false, whenOver: () => undefined }),
    ),
  );
  const text = 'x'.repeat(SIZE);
  const cpu = process.cpuUsage();
  let bytes = 0;
  for (let n = 0; n < EVENTS; n++) {
    await pubsub.publish('micro', { n, text });
    for (const { subscription, scope } of readers) {
      const step = await subscription.next();
      bytes += formatEvent(step.value, undefined, scope?.position())?.length ?? 0;
    }
  }
  const { user, system } = process.cpuUsage(cpu);
  await pubsub.close();
  if (bytes === 0) throw new Error('no frames');
  return ((user + system) * 1000) / (EVENTS * SUBSCRIBERS);
}

async function measureMicro(): Promise<void> {
  const figures = { off: [] as number[], on: [] as number[] };
  // One round of each first, to warm the JIT up.
  await micro(false);
  await micro(true);
  for (let n = 0; n < Math.max(ROUNDS, 5); n++)
    for (const retention of n % 2 === 0 ? [false, true] : [true, false])
      figures[retention ? 'on' : 'off'].push(await micro(retention));
  const [off, on] = [median(figures.off), median(figures.on)];
  console.log(
    `in-process relay path without sockets: retention off ${off.toFixed(0)} ns CPU/frame, on ${on.toFixed(0)} ns (+${(on - off).toFixed(0)} ns, on/off ${(on / off).toFixed(3)})  (load ${load()})\n`,
  );
}

console.log(
  `${EVENTS} events of ${SIZE} characters to ${SUBSCRIBERS} SSE subscribers, ${IN_FLIGHT} publishes in flight, ${ROUNDS} rounds  (load ${load()})\n`,
);
await measureMicro();
if (!values['micro-only']) await measure('in-process', undefined);
if (values.redis && !values['micro-only']) {
  const redis = await startRedis();
  try {
    await measure('redis', redis.url);
  } finally {
    redis.child.kill('SIGKILL');
  }
}
