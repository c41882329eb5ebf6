/**
 * `svc start --workers 2` on one real redis-server (SVC_REDIS_URL, which rate limits use as
 * PubSub does): the two worker processes share a limit of 10, so requests 1 to 10 answer 200,
 * served by both workers, counting down together, and every request after them is 429.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeProject, removeProject, RunningCli, waitForListening } from '../cli/helpers.js';
import { RedisServer } from '../pubsub/redis-server.js';
import { viaSocket } from '../runtime/helpers.js';
import { buildCached } from '../support/cached-build.js';

const APP = `import { App, Controller, Get, RateLimit } from 'svcjs';

@App({ prefix: '/api' })
@RateLimit({ limit: 10, window: '1h' })
export class FixtureApp {}

@Controller('hello')
export class HelloController {
  @Get()
  hello(): string {
    return String(process.pid);
  }
}
`;

let root: string;
let redis: RedisServer;
let cli: RunningCli | undefined;

before(async () => {
  redis = await RedisServer.start();
  root = makeProject();
  writeFileSync(join(root, 'src', 'app.ts'), APP);
  const build = await buildCached(root);
  assert.equal(build.code, 0, build.stderr);
});
after(async () => {
  const code = await cli?.stop();
  await redis?.kill();
  removeProject(root);
  assert.equal(code, 0);
});

test('two workers share one count: 1 to 10 answer 200 on both, then 429 whichever worker answers', async () => {
  cli = new RunningCli(['start', '--host', '127.0.0.1', '--port', '0', '--workers', '2'], root, {
    SVC_REDIS_URL: redis.url,
  });
  const base = await waitForListening(cli);
  const workers = new Set<string>();
  const remaining: unknown[] = [];
  for (let request = 1; request <= 10; request++) {
    // A new connection each time (no agent): the cluster hands them to the workers in turn.
    const reply = await viaSocket(base, { method: 'GET', url: '/api/hello' });
    assert.equal(reply.status, 200, `request ${request}`);
    workers.add(reply.text);
    remaining.push(reply.headers.ratelimit);
  }
  assert.equal(workers.size, 2, 'both workers answered');
  assert.deepEqual(
    remaining,
    [9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((left) => `"default";r=${left};t=3600`),
  );
  for (let request = 11; request <= 14; request++) {
    const reply = await viaSocket(base, { method: 'GET', url: '/api/hello' });
    assert.equal(reply.status, 429, `request ${request}`);
    assert.equal(reply.headers['retry-after'], '3600');
  }
});
