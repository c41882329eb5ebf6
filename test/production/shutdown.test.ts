/**
 * Graceful shutdown under load, on the generated entry of a built project: a client keeps 200
 * requests in flight, two SSE clients and two WebSockets are open, SIGTERM arrives. Every request
 * the server accepted is answered, later ones are refused at connect, the SSE streams end, the
 * WebSockets close with 1001, the server says what it did and exits 0.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, get, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import WebSocket from 'ws';
import { makeProject, removeProject } from '../cli/helpers.js';
import { buildCached } from '../support/cached-build.js';

const IN_FLIGHT = 200;
let root: string;

before(async () => {
  root = makeProject('shutdown');
  // A generous bound: on a loaded machine the build (analysis, type check, emit) is slow.
  const build = await buildCached(root, [], 180_000);
  assert.equal(build.code, 0, build.stderr);
});
after(() => removeProject(root));

interface ServerProcess {
  output: () => string;
  /** Resolves once the output satisfies `check` (checked on every chunk). */
  waitFor: (check: (output: string) => boolean) => Promise<void>;
  exited: Promise<number | null>;
  kill: () => void;
}

/** The built entry, run as `node main.mjs` (its own exit code is what the test checks). */
function startServer(): ServerProcess {
  const entry = ['dist/main.mjs', '.svc/build/main.mjs', 'main.mjs']
    .map((file) => join(root, file))
    .find(existsSync);
  assert.ok(entry, 'the build wrote a main.mjs');
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', NODE_OPTIONS: '' },
  });
  let output = '';
  const waiters = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const waiter of [...waiters]) waiter();
    });
  }
  const waitFor = (check: (text: string) => boolean): Promise<void> =>
    new Promise((resolve) => {
      const waiter = (): void => {
        if (!check(output)) return;
        waiters.delete(waiter);
        resolve();
      };
      waiters.add(waiter);
      waiter();
    });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { output: () => output, waitFor, exited, kill: () => child.kill('SIGTERM') };
}

async function listeningUrl(server: ServerProcess): Promise<string> {
  await server.waitFor((text) => /svc: listening on \S+/.test(text));
  return (/svc: listening on (\S+)/.exec(server.output()) as RegExpExecArray)[1] as string;
}

const acceptedCount = (text: string): number => (text.match(/^accepted \d+$/gm) ?? []).length;

interface Outcome {
  n: number;
  status?: number;
  body?: string;
  error?: string;
}

/** One slow request; resolves with its answer or its error, never rejects. */
function slowRequest(base: string, agent: Agent, n: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = get(`${base}/api/live/slow?ms=20&n=${n}`, { agent }, (res: IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ n, status: res.statusCode, body }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ n, error: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ n, error: error.code ?? error.message }));
  });
}

/** Keeps `IN_FLIGHT` requests outstanding until one fails (the server stopped accepting). */
function load(base: string): { outcomes: Outcome[]; outstanding: () => number; done: Promise<void> } {
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const outcomes: Outcome[] = [];
  let next = 0;
  let outstanding = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      outstanding++;
      const outcome = await slowRequest(base, agent, next++);
      outstanding--;
      outcomes.push(outcome);
      if (outcome.error !== undefined) return;
    }
  };
  const done = Promise.all(Array.from({ length: IN_FLIGHT }, worker)).then(() => agent.destroy());
  return { outcomes, outstanding: () => outstanding, done };
}

/** An SSE client: resolves `opened` at the first event and `ended` when the stream ends cleanly. */
function sseClient(base: string): { opened: Promise<void>; ended: Promise<'end' | string> } {
  let opened = (): void => {};
  const openedPromise = new Promise<void>((resolve) => (opened = resolve));
  const ended = new Promise<'end' | string>((resolve) => {
    const req = get(`${base}/api/live/events`, { agent: false }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => chunk.includes('data: hello') && opened());
      res.on('end', () => resolve('end'));
      res.on('error', (error) => resolve(error.message));
    });
    req.on('error', (error) => resolve(error.message));
  });
  return { opened: openedPromise, ended };
}

function webSocketClient(base: string): { opened: Promise<void>; closeCode: Promise<number> } {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live/echo`);
  return {
    opened: new Promise((resolve) => socket.once('open', () => resolve())),
    closeCode: new Promise((resolve) => socket.once('close', (code) => resolve(code))),
  };
}

test('SIGTERM under load: accepted requests answered, SSE ended, WebSockets 1001, exit 0', async () => {
  const server = startServer();
  const base = await listeningUrl(server);
  const streams = [sseClient(base), sseClient(base)];
  const sockets = [webSocketClient(base), webSocketClient(base)];
  await Promise.all([...streams.map((s) => s.opened), ...sockets.map((s) => s.opened)]);
  const traffic = load(base);
  // Steady load: the first wave answered and the next 200 are in flight.
  await server.waitFor((text) => acceptedCount(text) >= 2 * IN_FLIGHT);
  assert.equal(traffic.outstanding(), IN_FLIGHT);
  server.kill();

  assert.equal(await server.exited, 0, server.output());
  await traffic.done;
  assert.deepEqual(await Promise.all(streams.map((s) => s.ended)), ['end', 'end']);
  assert.deepEqual(await Promise.all(sockets.map((s) => s.closeCode)), [1001, 1001]);

  const accepted = new Set(
    (server.output().match(/^accepted \d+$/gm) ?? []).map((line) => Number(line.slice(9))),
  );
  const unanswered = [...accepted].filter((n) => {
    const outcome = traffic.outcomes.find((o) => o.n === n);
    return outcome?.status !== 200 || outcome.body !== `{"n":${n}}`;
  });
  assert.deepEqual(unanswered, [], 'every accepted request got its answer');
  // The rest were refused before the server saw them (a closed listener, or a connection it closed idle).
  const failures = traffic.outcomes.filter((o) => o.error !== undefined);
  assert.deepEqual(
    [...new Set(failures.map((o) => o.error))].filter(
      (code) => code !== 'ECONNREFUSED' && code !== 'ECONNRESET',
    ),
    [],
  );
  assert.ok(failures.every((o) => !accepted.has(o.n)));

  const report =
    /svc: shutdown on SIGTERM: stopped accepting; (\d+) in-flight request\(s\) finished, 0 cut after the grace period; 2 SSE stream\(s\) ended; 2 WebSocket\(s\) closed with 1001; \d+ ms/.exec(
      server.output(),
    );
  assert.ok(report, server.output().slice(-2000));
  assert.ok(Number(report[1]) >= 2, 'the SSE streams were in flight');
  console.log(`# ${report[0]}; ${accepted.size} accepted, ${failures.length} refused at connect`);
});
