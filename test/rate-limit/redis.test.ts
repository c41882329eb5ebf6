/**
 * Counters in a real redis-server: two server processes of one app share a limit of 10 per client
 * (requests 1 to 10 answer 200 wherever they land, the 11th is 429 on either process); with Redis
 * frozen or killed, requests are served without a limit (fail-open), one log line per outage.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { RedisServer } from '../pubsub/redis-server.js';
import { viaSocket, type Reply } from '../runtime/helpers.js';

const SHARED = fileURLToPath(new URL('./shared', import.meta.url));
const SERVE = fileURLToPath(new URL('./shared/serve.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** Lines written so far, and a wait for one matching a pattern (no timers: each line wakes the waiters). */
class Lines {
  readonly all: string[] = [];
  private waiters: (() => void)[] = [];

  add(line: string): void {
    this.all.push(line);
    for (const wake of [...this.waiters]) wake();
  }

  waitFor(pattern: RegExp): Promise<string> {
    return new Promise((resolve) => {
      const check = (): void => {
        const line = this.all.find((candidate) => pattern.test(candidate));
        if (line === undefined) return;
        this.waiters = this.waiters.filter((waiter) => waiter !== check);
        resolve(line);
      };
      this.waiters.push(check);
      check();
    });
  }
}

/** The fixture served by a process of its own; resolves once it listens. */
async function serveProcess(redisUrl: string): Promise<{ child: ChildProcess; base: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' };
  // A child of `node --test` would otherwise report to the parent's test runner.
  delete env.NODE_TEST_CONTEXT;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVE, redisUrl], { cwd: REPO, env });
  const lines = new Lines();
  let text = '';
  const take = (chunk: Buffer): void => {
    text += chunk.toString();
    const parts = text.split('\n');
    text = parts.pop() ?? '';
    for (const line of parts) lines.add(line);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const listening = await lines.waitFor(/^listening /);
  return { child, base: listening.slice('listening '.length) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

const hello = (base: string): Promise<Reply> => viaSocket(base, { method: 'GET', url: '/api/hello' });

describe('two processes on one Redis', () => {
  let redis: RedisServer;
  const servers: { child: ChildProcess; base: string }[] = [];

  before(async () => {
    redis = await RedisServer.start();
    servers.push(...(await Promise.all([serveProcess(redis.url), serveProcess(redis.url)])));
  });
  after(async () => {
    await Promise.all(servers.map((server) => stop(server.child)));
    await redis?.kill();
  });

  test('requests 1 to 10 answer 200 across both, counting down together; the 11th is 429 on either', async () => {
    const [one, two] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const remaining: string[] = [];
    const answeredBy = new Set<string>();
    for (let request = 1; request <= 10; request++) {
      const reply = await hello(request % 2 === 0 ? two.base : one.base);
      assert.equal(reply.status, 200, `request ${request}`);
      remaining.push(String(reply.headers.ratelimit));
      answeredBy.add(reply.text);
    }
    // Two processes answered (each names its pid), yet the count is one.
    assert.equal(answeredBy.size, 2);
    assert.deepEqual(
      remaining,
      [9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((left) => `"default";r=${left};t=3600`),
    );
    for (const base of [one.base, two.base]) {
      const refused = await hello(base);
      assert.equal(refused.status, 429);
      assert.equal(refused.headers['retry-after'], '3600');
      assert.equal(JSON.parse(refused.text).type, 'urn:svc:error:SVC_ERR_RATE_LIMITED');
    }
  });
});

describe('Redis away: served without a limit (fail-open), one log line per outage', () => {
  let redis: RedisServer;
  let app: SvcApp;
  let base: string;
  const log = new Lines();

  before(async () => {
    redis = await RedisServer.start();
    app = await createTestApp({
      root: SHARED,
      dev: false,
      requestLog: false,
      log: (line) => log.add(line),
      rateLimit: { redis: redis.url, commandTimeoutMs: 300 },
    });
    base = (await app.listen({ host: '127.0.0.1', port: 0 })).url;
  });
  after(async () => {
    await app?.close();
    await redis?.kill();
  });

  test('frozen, then killed: every request is served, with the policy and no count; counted again once back', async () => {
    assert.equal((await hello(base)).headers.ratelimit, '"default";r=9;t=3600');
    await redis.freeze();
    for (let request = 0; request < 12; request++) {
      const reply = await hello(base);
      assert.equal(reply.status, 200);
      assert.equal(reply.headers['ratelimit-policy'], '"default";q=10;w=3600');
      assert.equal(reply.headers.ratelimit, undefined);
    }
    await redis.thaw();
    await log.waitFor(/answers again/);
    await redis.kill();
    await log.waitFor(/unreachable/);
    for (let request = 0; request < 12; request++) assert.equal((await hello(base)).status, 200);
    await redis.restart();
    await log.waitFor(/answers again; limits apply$/);
    // The restarted server starts empty: a new window.
    let reply = await hello(base);
    while (reply.headers.ratelimit === undefined) reply = await hello(base);
    assert.equal(reply.headers.ratelimit, '"default";r=9;t=3600');
    const where = new URL(redis.url).host;
    assert.equal(log.all.length, 4);
    assert.deepEqual(log.all.slice(0, 2), [
      `svc: rate limits: Redis at ${where} did not answer within 300 ms; requests are served without a limit until it answers`,
      `svc: rate limits: Redis at ${where} answers again; limits apply`,
    ]);
    assert.match(
      log.all[2] as string,
      new RegExp(
        `^svc: rate limits: Redis at ${where} unreachable \\(.+\\); requests are served without a limit until it answers$`,
      ),
    );
    assert.equal(log.all[3], `svc: rate limits: Redis at ${where} answers again; limits apply`);
  });
});
