/**
 * The stream loop under `svc start` (the built package, production mode), measured from outside:
 * a reading client's stream keeps the server's heap flat however much it sends, and a producer
 * that never awaits stops the moment its client leaves, so the server goes back to serving
 * others with the heap it had before. Heap figures are read after a full collection in the
 * server process (--expose-gc); CPU and latency are reported, never asserted on.
 */
import assert from 'node:assert/strict';
import { get, type IncomingMessage } from 'node:http';
import { after, before, describe, it, type TestContext } from 'node:test';
import { WebSocket } from 'ws';
import { makeProject, removeProject, runCli, RunningCli, waitForListening } from '../cli/helpers.js';

interface ServerState {
  heapUsed: number;
  rss: number;
  cpuMicros: number;
  pulled: number;
  finished: number;
}

const MiB = 1024 * 1024;
/** 4,096 items of 64 KiB: 256 MiB through one stream. */
const BIG_COUNT = 4096;
/** Heap growth allowed between the early and the late reading of a flat stream. */
const FLAT_SLACK = 24 * MiB;

let root: string;
let cli: RunningCli;
let base: string;

before(async () => {
  root = makeProject('streams-load');
  const build = await runCli(['build'], root);
  assert.equal(build.code, 0, build.stderr);
  cli = new RunningCli(['start', '--host', '127.0.0.1', '--port', '0'], root, {
    NODE_OPTIONS: '--expose-gc',
  });
  base = `${await waitForListening(cli)}/api/load`;
});
after(async () => {
  await cli?.stop();
  removeProject(root);
});

async function serverState(): Promise<ServerState> {
  const response = await fetch(`${base}/state`, { signal: AbortSignal.timeout(10_000) });
  assert.equal(response.status, 200);
  return (await response.json()) as ServerState;
}

/** Asks for server state until `done` holds (each ask is a request the server must answer). */
async function stateWhen(done: (state: ServerState) => boolean): Promise<ServerState> {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const state = await serverState();
    if (done(state)) return state;
  }
  throw new Error('the server never reached the expected state');
}

/**
 * Heap readings taken after 1/16 and 15/16 of the stream's bytes reached the client. The client
 * stops reading while it asks, so the reading cannot wait behind the stream itself.
 */
class Checkpoints {
  private readonly heap: number[] = [];
  private received = 0;
  private readonly marks: number[];
  private pending: Promise<void> = Promise.resolve();

  constructor(
    total: number,
    private readonly reading: { pause(): void; resume(): void },
  ) {
    this.marks = [total / 16, (total * 15) / 16];
  }

  add(bytes: number): void {
    const before = this.received;
    this.received += bytes;
    for (const mark of this.marks) {
      if (before < mark && this.received >= mark) {
        this.reading.pause();
        this.pending = this.pending.then(async () => {
          this.heap.push((await serverState()).heapUsed);
          this.reading.resume();
        });
      }
    }
  }

  async readings(): Promise<number[]> {
    await this.pending;
    return this.heap;
  }
}

function sseResponse(path: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => get(`${base}/${path}`, resolve).on('error', reject));
}

function reportGrowth(t: TestContext, what: string, heap: number[]): void {
  const [early, late] = heap as [number, number];
  t.diagnostic(`${what}: heap ${(early / MiB).toFixed(1)} → ${(late / MiB).toFixed(1)} MiB`);
  assert.ok(late - early < FLAT_SLACK, `${what}: heap grew ${((late - early) / MiB).toFixed(1)} MiB`);
}

describe('a reading client gets 256 MiB with the server heap flat', () => {
  it('over SSE', async (t) => {
    const response = await sseResponse(`sse-big?count=${BIG_COUNT}`);
    assert.equal(response.statusCode, 200);
    const checkpoints = new Checkpoints(BIG_COUNT * 64 * 1024, response);
    response.on('data', (chunk: Buffer) => checkpoints.add(chunk.length));
    await new Promise((resolve) => response.on('end', resolve));
    reportGrowth(t, 'SSE', await checkpoints.readings());
  });

  it('over WebSocket', async (t) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws-big?count=${BIG_COUNT}`);
    const checkpoints = new Checkpoints(BIG_COUNT * 64 * 1024, ws);
    let messages = 0;
    ws.on('message', (data: Buffer) => {
      messages++;
      checkpoints.add(data.length);
    });
    const code = await new Promise<number>((resolve) => ws.on('close', resolve));
    assert.equal(code, 1000);
    assert.equal(messages, BIG_COUNT);
    reportGrowth(t, 'WebSocket', await checkpoints.readings());
  });
});

/**
 * After a client of the never-awaiting ticker leaves: its generator ran `finally` and pulls
 * nothing more, another route answers, and the heap is back near where it started.
 */
async function afterTheClientLeft(t: TestContext, what: string, start: ServerState): Promise<void> {
  const stopped = await stateWhen((state) => state.finished === start.finished + 1);
  const pingStarted = process.hrtime.bigint();
  const ping = await fetch(`${base}/ping`, { signal: AbortSignal.timeout(10_000) });
  const pingMs = Number(process.hrtime.bigint() - pingStarted) / 1e6;
  assert.equal(await ping.text(), 'pong');
  const windowStarted = process.hrtime.bigint();
  for (let i = 0; i < 20; i++) await (await fetch(`${base}/ping`)).text();
  const later = await serverState();
  const windowMs = Number(process.hrtime.bigint() - windowStarted) / 1e6;
  assert.equal(later.pulled, stopped.pulled, `${what}: the generator is still pulled after its client left`);
  assert.ok(
    later.heapUsed - start.heapUsed < FLAT_SLACK,
    `${what}: heap ${start.heapUsed} → ${later.heapUsed}`,
  );
  const cpuShare = (later.cpuMicros - stopped.cpuMicros) / 1000 / windowMs;
  t.diagnostic(
    `${what}: ping ${pingMs.toFixed(1)} ms; server CPU ${(cpuShare * 100).toFixed(0)}% over ` +
      `${windowMs.toFixed(0)} ms of 20 pings; heap ${(start.heapUsed / MiB).toFixed(1)} → ` +
      `${(later.heapUsed / MiB).toFixed(1)} MiB, rss ${(start.rss / MiB).toFixed(0)} → ` +
      `${(later.rss / MiB).toFixed(0)} MiB`,
  );
}

function readTicks(ws: WebSocket, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const onMessage = (): void => {
      if (++seen < count) return;
      ws.off('message', onMessage);
      resolve();
    };
    ws.on('message', onMessage);
  });
}

describe('a producer that never awaits stops when its client leaves', () => {
  for (const leave of ['terminate', 'close'] as const) {
    it(`WebSocket, the client ${leave === 'terminate' ? 'drops the connection' : 'closes cleanly'}`, async (t) => {
      const start = await serverState();
      const ws = new WebSocket(`${base.replace('http', 'ws')}/ws-ticker`);
      await readTicks(ws, 1000);
      const closed = new Promise((resolve) => ws.on('close', resolve));
      if (leave === 'terminate') ws.terminate();
      else ws.close(1000);
      await closed;
      await afterTheClientLeft(t, `WebSocket ${leave}`, start);
    });
  }

  it('SSE, the client drops the connection', async (t) => {
    const start = await serverState();
    const response = await sseResponse('sse-ticker');
    let events = 0;
    await new Promise<void>((resolve) => {
      response.on('data', (chunk: Buffer) => {
        events += chunk.toString().split('\n\n').length - 1;
        if (events >= 1000) resolve();
      });
    });
    response.destroy();
    await afterTheClientLeft(t, 'SSE', start);
  });
});
