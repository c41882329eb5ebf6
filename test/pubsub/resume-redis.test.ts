/**
 * Resuming SSE relays across processes on a real Redis: the resume fixture served by two
 * processes of its own (A and B) on one redis-server. A client that reconnects with
 * `Last-Event-ID` to the other process gets exactly the events it missed (Redis stream ids, read
 * from the topic's stream), then the live ones; past retention it gets `svc-gap` first. A Redis
 * stopped with SIGSTOP holds neither publishes (503 within `pubsub.commandTimeoutMs`, then at
 * once) nor a reconnecting client for good: once it answers again the client gets every event
 * Redis accepted. A subscribing connection that drops catches up from the stream.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PUBLISH_SCRIPT, STREAM_PREFIX } from '../../src/runtime/pubsub/redis-history.js';
import { dataOf, EventStream, type WireEvent } from './event-stream.js';
import { FixtureProcess } from './fixture-process.js';
import { RedisServer } from './redis-server.js';

const REDIS_ID = /^\d+-\d+$/;
const TIMEOUT_MS = 200;

interface Answer {
  status: number;
  detail: string | undefined;
}

async function post(server: FixtureProcess, topic: string, text: string): Promise<Answer> {
  const answer = await fetch(`${server.base}/api/resume/publish/${topic}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(text),
    signal: AbortSignal.timeout(10_000),
  });
  const body = await answer.text();
  return {
    status: answer.status,
    detail: body === '' ? undefined : (JSON.parse(body) as { detail?: string }).detail,
  };
}

async function posted(server: FixtureProcess, topic: string, ...texts: string[]): Promise<void> {
  for (const text of texts) assert.equal((await post(server, topic, text)).status, 202, text);
}

const events = (server: FixtureProcess, topic: string, lastEventId?: string): Promise<EventStream> =>
  EventStream.open(`${server.base}/api/resume/events/${topic}`, lastEventId);

/** Each event has a Redis stream id, each later than the one before. */
function assertRising(list: readonly WireEvent[]): void {
  const ids = list.map((event) => String(event.id));
  for (const id of ids) assert.match(id, REDIS_ID);
  const numbers = ids.map((id) => id.split('-').map(BigInt) as [bigint, bigint]);
  for (let n = 1; n < numbers.length; n++) {
    const [[ms, seq], [previousMs, previousSeq]] = [numbers[n], numbers[n - 1]] as [
      [bigint, bigint],
      [bigint, bigint],
    ];
    assert.ok(ms > previousMs || (ms === previousMs && seq > previousSeq), ids.join(' '));
  }
}

describe('resuming SSE relays across two processes on Redis', () => {
  let redis: RedisServer;
  let a: FixtureProcess;
  let b: FixtureProcess;
  const streams: EventStream[] = [];
  const open = async (stream: Promise<EventStream>): Promise<EventStream> => {
    const opened = await stream;
    streams.push(opened);
    return opened;
  };

  before(async () => {
    redis = await RedisServer.start();
    // One after the other: the second reads the analysis the first one cached.
    a = await FixtureProcess.start(redis.url, TIMEOUT_MS);
    b = await FixtureProcess.start(redis.url, TIMEOUT_MS);
  });
  after(async () => {
    await redis?.thaw().catch(() => undefined);
    await Promise.all(streams.map((stream) => stream.close()));
    const codes = await Promise.all([a?.stop(), b?.stop()]);
    await redis?.kill();
    assert.deepEqual(codes, [0, 0], 'both processes stop cleanly');
  });

  it('a client that reconnects to the other process gets exactly the events it missed, then live ones', async () => {
    const first = await open(events(a, 'lobby'));
    await first.take(1);
    await posted(b, 'lobby', 'm1');
    const [m1] = await first.take(1);
    assert.equal(m1?.data, 'm1');
    await first.close();

    await posted(a, 'lobby', 'm2');
    await posted(b, 'lobby', 'm3');
    await posted(a, 'lobby', 'm4');
    const second = await open(events(b, 'lobby', m1?.id));
    const resumed = await second.take(4);
    await posted(a, 'lobby', 'm5');
    resumed.push(...(await second.take(1)));
    assert.deepEqual(resumed[0], { id: m1?.id, data: 'subscribed' });
    assert.deepEqual(dataOf(resumed.slice(1)), ['m2', 'm3', 'm4', 'm5']);
    assertRising([m1 as WireEvent, ...resumed.slice(1)]);
    assert.deepEqual(second.pending, []);
  });

  it('past retention (short:* keeps about 3 events: Redis trims whole blocks of 100) the stream says svc-gap, then gives what is retained', async () => {
    const first = await open(events(a, 'short:flood'));
    await first.take(1);
    const texts = Array.from({ length: 250 }, (_, n) => `e${n + 1}`);
    await posted(b, 'short:flood', ...texts);
    const all = await first.take(250);
    assert.deepEqual(dataOf(all), texts);
    await first.close();

    const second = await open(events(b, 'short:flood', all[0]?.id));
    const resumed = await second.take(52);
    assert.deepEqual(resumed.slice(0, 2), [
      { event: 'svc-gap', data: JSON.stringify({ lastEventId: all[0]?.id }) },
      { id: all[0]?.id, data: 'subscribed' },
    ]);
    // Two blocks of 100 went; the last block (e201 to e250) is what remains.
    assert.deepEqual(resumed.slice(2), all.slice(200));
  });

  it(
    'Redis stopped (SIGSTOP): publishes answer 503 without waiting for it; a client that reconnects meanwhile gets every event Redis accepted once it answers again (SIGCONT), then live ones',
    {
      timeout: 60_000,
    },
    async () => {
      const staying = await open(events(a, 'ice'));
      const leaving = await open(events(a, 'ice'));
      await staying.take(1);
      await leaving.take(1);
      await posted(b, 'ice', 'r1');
      const [r1] = await leaving.take(1);
      await leaving.close();
      await posted(a, 'ice', 'r2');
      assert.deepEqual(dataOf(await staying.take(2)), ['r1', 'r2']);

      await redis.freeze();
      const burst = ['f1', 'f2', 'f3'];
      const answers = await Promise.all(burst.map((text) => post(a, 'ice', text)));
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [503, 503, 503],
      );
      // Sent before the first timeout: not confirmed, Redis holds them. Any later one is refused unsent.
      const sent = burst.filter((_, n) => /was not confirmed/.test(String(answers[n]?.detail)));
      assert.ok(sent.length > 0, JSON.stringify(answers));
      const refused = await post(a, 'ice', 'refused');
      assert.equal(refused.status, 503);
      assert.match(String(refused.detail), /was not published: Redis is not answering/);
      // The reconnecting client's stream opens; its subscription waits for Redis.
      const back = await open(events(b, 'ice', r1?.id));

      await redis.thaw();
      const resumed = await back.take(2 + sent.length);
      assert.deepEqual(resumed.slice(0, 2), [
        { id: r1?.id, data: 'subscribed' },
        { id: resumed[1]?.id, data: 'r2' },
      ]);
      assert.deepEqual(dataOf(resumed.slice(2)).sort(), sent);
      await a.waitFor(/answers again/);
      await posted(b, 'ice', 'after');
      resumed.push(...(await back.take(1)));
      assert.equal(resumed.at(-1)?.data, 'after');
      assertRising(resumed.slice(1));
      const stayed = await staying.take(sent.length + 1);
      assert.deepEqual(dataOf(stayed).slice(0, -1).sort(), sent);
      assert.deepEqual([back.pending, staying.pending], [[], []], 'nothing refused arrives, nothing twice');
    },
  );

  it('a subscribing connection that drops catches up from the stream: what was published while it was away arrives once, in order', async () => {
    const stream = await open(events(a, 'recover'));
    await stream.take(1);
    await posted(b, 'recover', 'k1');
    assert.deepEqual(dataOf(await stream.take(1)), ['k1']);

    const admin = await redis.client();
    const key = STREAM_PREFIX + 'recover';
    const publish = (text: string) => [
      'EVAL',
      PUBLISH_SCRIPT,
      '1',
      key,
      'recover',
      JSON.stringify(text),
      '1000',
      '300000',
    ];
    // One transaction: cut every subscribing connection, then publish as svc does, so these are
    // certainly published while no process receives the topic.
    await admin
      .multi()
      .addCommand(['CLIENT', 'KILL', 'TYPE', 'pubsub'])
      .addCommand(publish('k2'))
      .addCommand(publish('k3'))
      .exec();
    admin.destroy();
    await a.waitFor(/PubSub reconnected to Redis/);
    assert.deepEqual(dataOf(await stream.take(2)), ['k2', 'k3']);
    await posted(b, 'recover', 'k4');
    assert.deepEqual(dataOf(await stream.take(1)), ['k4']);
    assert.deepEqual(stream.pending, []);
  });
});
