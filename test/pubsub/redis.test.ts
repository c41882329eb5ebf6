/**
 * PubSub across processes on a real Redis: examples/chat served by two `svc start` processes on
 * different ports, both given SVC_REDIS_URL. Clients on either process hear posts made on either;
 * Redis going away turns publishes into 503s and streams resume when it is back; closed streams
 * and ended slow subscribers leave no subscription in Redis.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import {
  buildChatProject,
  removeProject,
  sseUrl,
  startChat,
  wsUrl,
  type StartedServer,
} from './chat-project.js';
import { RedisServer, SubscriptionWatch } from './redis-server.js';
import { post, SseClient, WsClient, type RoomClient } from './stream-clients.js';

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The next event of `client` is the message `text` from ann in `room`. */
async function receives(client: RoomClient, room: string, text: string): Promise<void> {
  const { sentAt, ...event } = await client.next();
  assert.deepEqual(event, { type: 'message', room, from: 'ann', text });
  assert.match(String(sentAt), ISO_TIME);
}

async function joined(client: RoomClient, room: string): Promise<number> {
  const event = await client.next();
  assert.deepEqual(event, { type: 'joined', room, server: event.server });
  return event.server as number;
}

describe('PubSub on Redis: two svc start processes', () => {
  let redis: RedisServer;
  let watch: SubscriptionWatch;
  let root: string;
  let a: StartedServer;
  let b: StartedServer;
  const clients: RoomClient[] = [];
  const open = async <C extends RoomClient>(client: Promise<C>): Promise<C> => {
    const opened = await client;
    clients.push(opened);
    return opened;
  };

  before(async () => {
    redis = await RedisServer.start();
    watch = await SubscriptionWatch.open(redis);
    root = await buildChatProject({ pubsub: { maxQueue: 50 } });
    const env = { SVC_REDIS_URL: redis.url };
    [a, b] = await Promise.all([startChat(root, [], env), startChat(root, [], env)]);
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    const codes = await Promise.all([a?.cli.stop(), b?.cli.stop()]);
    await watch?.close();
    await redis?.kill();
    removeProject(root);
    assert.deepEqual(codes, [0, 0], 'both servers stop cleanly on SIGTERM');
  });

  it('an SSE client on one process and a WebSocket client on the other both receive a message posted to either', async () => {
    const sse = await open(SseClient.open(sseUrl(a.base, 'lobby')));
    const ws = await open(WsClient.open(wsUrl(b.base, 'lobby')));
    const servers = [await joined(sse, 'lobby'), await joined(ws, 'lobby')];
    assert.notEqual(servers[0], servers[1]);
    assert.equal(await watch.count('room:lobby'), 2);
    for (const [server, text] of [
      [a, 'posted on a'],
      [b, 'posted on b'],
    ] as const) {
      const answer = await post(server.base, 'lobby', { from: 'ann', text });
      assert.equal(answer.status, 202);
      await receives(sse, 'lobby', text);
      await receives(ws, 'lobby', text);
    }
    assert.deepEqual([...sse.pending, ...ws.pending], []);
  });

  it('a closed SSE or WebSocket client leaves no subscription in Redis (PUBSUB NUMSUB)', async () => {
    const sse = await SseClient.open(sseUrl(a.base, 'quiet'));
    const ws = await WsClient.open(wsUrl(b.base, 'quiet'));
    const second = await SseClient.open(sseUrl(b.base, 'quiet'));
    for (const client of [sse, ws, second]) await joined(client, 'quiet');
    assert.equal(await watch.count('room:quiet'), 2);
    await ws.close();
    // b still has a subscriber of the room, so both processes stay subscribed.
    await watch.waitForCount('room:quiet', 2);
    await Promise.all([sse.close(), second.close()]);
    await watch.waitForCount('room:quiet', 0);
  });

  it('Redis killed: publishes answer 503 while it is down; restarted: the same streams resume; no process crashes', async () => {
    const sse = await open(SseClient.open(sseUrl(a.base, 'ops')));
    const ws = await open(WsClient.open(wsUrl(b.base, 'ops')));
    await joined(sse, 'ops');
    await joined(ws, 'ops');
    await watch.close();
    await redis.kill();
    for (const server of [a, b]) {
      const answer = await post(server.base, 'ops', { from: 'ann', text: 'lost?' });
      assert.equal(answer.status, 503);
      assert.equal(answer.headers.get('content-type'), 'application/problem+json');
      assert.equal(answer.headers.get('retry-after'), '1');
      const problem = JSON.parse(answer.text) as Record<string, unknown>;
      assert.equal(problem.type, 'urn:svc:error:SVC_ERR_PUBSUB_UNAVAILABLE');
      assert.equal(problem.status, 503);
      // Unreachable, or (when the post won the race with the connection's close) cut off mid-send.
      assert.match(
        String(problem.detail),
        /^The message for 'room:ops' was not published: (Redis is unreachable|Redis did not take it \(.+\))\.$/,
      );
    }
    await redis.restart();
    watch = await SubscriptionWatch.open(redis);
    await watch.waitForCount('room:ops', 2);
    for (const server of [a, b]) await server.cli.waitFor(/PubSub reconnected to Redis/);
    assert.equal((await post(b.base, 'ops', { from: 'ann', text: 'back' })).status, 202);
    await receives(sse, 'ops', 'back');
    await receives(ws, 'ops', 'back');
    assert.deepEqual([...sse.pending, ...ws.pending], [], 'nothing published while Redis was down arrives');
    for (const server of [a, b]) {
      assert.equal(server.cli.child.exitCode, null);
      assert.match(server.cli.output, /svc: PubSub lost Redis at 127\.0\.0\.1:\d+ \(.+\); retrying/);
    }
  });

  it('a server whose Redis is not up yet starts, answers publishes 503, and serves rooms once Redis is up', async () => {
    const late = await RedisServer.notStarted();
    const server = await startChat(root, [], { SVC_REDIS_URL: late.url });
    try {
      await server.cli.waitFor(/PubSub lost Redis at 127\.0\.0\.1:\d+ \(.*ECONNREFUSED.*\); retrying/);
      const sse = await SseClient.open(sseUrl(server.base, 'later'));
      assert.equal((await post(server.base, 'later', { from: 'ann', text: 'early' })).status, 503);
      await late.restart();
      // The subscription made while Redis was away takes effect when it comes: `joined` says so.
      await joined(sse, 'later');
      assert.equal((await post(server.base, 'later', { from: 'ann', text: 'now' })).status, 202);
      await receives(sse, 'later', 'now');
      await sse.close();
    } finally {
      assert.equal(await server.cli.stop(), 0);
      await late.kill();
    }
  });

  it('a subscriber that stops reading is ended (SVC_ERR_PUBSUB_BEHIND); Redis then delivers its room to no one', async () => {
    const slow = await SseClient.open(sseUrl(a.base, 'flood'));
    await joined(slow, 'flood');
    slow.response.pause();
    const publisher = await redis.client();
    const text = 'x'.repeat(64 * 1024);
    const message = JSON.stringify({ type: 'message', room: 'flood', from: 'ann', text, sentAt: '' });
    const ended = watch.waitForCount('room:flood', 0);
    let published = 0;
    let settled = false;
    void ended.finally(() => (settled = true));
    // The socket's buffers fill, then pubsub.maxQueue (50) messages wait, then one more ends it.
    while (!settled && published < 2000) {
      await publisher.publish('room:flood', message);
      published++;
    }
    await ended;
    assert.ok(published < 2000, `ended after ${published} messages`);
    // Every further message reaches no process: nothing can pile up anywhere.
    for (let n = 0; n < 100; n++) assert.equal(await publisher.publish('room:flood', message), 0);
    publisher.destroy();
    // Reading again, the client gets what the socket held, then the end of the stream.
    const end = once(slow.response, 'end');
    slow.response.resume();
    await end;
    await a.cli.waitFor(
      /SSE stream ended by an error: SvcError: a subscriber of 'room:flood' had 50 messages waiting \(pubsub\.maxQueue\) and was ended \[SVC_ERR_PUBSUB_BEHIND\]/,
    );
    assert.ok(slow.received < published, `${slow.received} of ${published} messages reached the slow client`);
  });
});
