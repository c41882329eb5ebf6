/**
 * The bounds of the in-process history (docs/scaling-out.md, "Retention"), through PubSub's own
 * API (`subscribe(topic, { after, onGap })`): a topic keeps its last `events` messages, none older
 * than `maxAgeMs` (a clock the test moves), and the process at most `retainedBytes`, taken from the
 * topics published least recently first; what is no longer kept is reported as a gap, never
 * skipped in silence. And the ids of a stream of several subscriptions, from the request scope.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LocalHistory, MESSAGE_COST, RING_COST } from '../../src/runtime/pubsub/local-history.js';
import { PubSub } from '../../src/runtime/pubsub/pubsub.js';
import {
  bindSubscriptionsToRequests,
  currentRequestSubscriptions,
} from '../../src/runtime/pubsub/request-scope.js';
import { retentionOf } from '../../src/runtime/pubsub/retention.js';

/** Everything retained after `after` in `topic`, as [text, ...], and whether a gap was reported. */
async function replay(
  pubsub: PubSub,
  topic: string,
  after: string,
): Promise<{ texts: unknown[]; gaps: string[] }> {
  const gaps: string[] = [];
  const subscription = pubsub.subscribe(topic, { after, onGap: (lastId) => gaps.push(lastId) });
  await subscription.ready;
  await pubsub.publish(topic, 'live');
  const texts: unknown[] = [];
  for await (const text of subscription) {
    if (text === 'live') break;
    texts.push(text);
  }
  return { texts, gaps };
}

/** Where a new subscriber of `topic` stands now. */
async function position(pubsub: PubSub, topic: string): Promise<string> {
  const subscription = pubsub.subscribe(topic);
  await subscription.ready;
  await subscription.return();
  return subscription.lastId as string;
}

describe('the in-process history', () => {
  it('keeps the last `events` messages of a topic; an id older than those gets a gap, then what is kept', async () => {
    const pubsub = new PubSub({ retention: { events: 3 } });
    const start = await position(pubsub, 'news');
    for (const n of [1, 2, 3, 4]) await pubsub.publish('news', n);
    assert.deepEqual(await replay(pubsub, 'news', start), { texts: [2, 3, 4], gaps: [start] });
    const kept = await position(pubsub, 'news');
    await pubsub.publish('news', 5);
    assert.deepEqual(await replay(pubsub, 'news', kept), { texts: [5], gaps: [] });
    await pubsub.close();
  });

  it('drops messages older than maxAgeMs, by the clock, with no timer', async () => {
    let now = 1_000_000;
    const history = new LocalHistory(retentionOf({ events: 100, maxAgeMs: 1000 }), 1 << 20, () => now);
    const start = history.headNow();
    history.append('t', '"a"');
    now += 600;
    const afterA = history.append('t', '"b"') as string;
    now += 600;
    // a is 1200 ms old now: gone; b (600 ms) is kept.
    assert.deepEqual(await history.read('t', start, 10), { entries: [[afterA, '"b"']], gap: true });
    assert.deepEqual(await history.read('t', afterA, 10), { entries: [], gap: false });
    now += 600;
    // Nothing is kept: the reader is told so, and stands at the head from then on.
    assert.deepEqual(await history.read('t', start, 10), {
      entries: [],
      gap: true,
      restart: history.headNow(),
    });
  });

  it('keeps all topics within retainedBytes, taking from the least recently published first', async () => {
    const cost = (text: string) => text.length + MESSAGE_COST;
    // Room for two topics with two messages each.
    const budget = 2 * RING_COST + 4 * cost('"xx"');
    const history = new LocalHistory(retentionOf(undefined), budget, () => 0);
    const start = history.headNow();
    const [a1, a2] = [history.append('a', '"a1"'), history.append('a', '"a2"')] as string[];
    const [b1, b2] = [history.append('b', '"b1"'), history.append('b', '"b2"')] as string[];
    assert.deepEqual((await history.read('a', start, 10)).entries, [
      [a1, '"a1"'],
      [a2, '"a2"'],
    ]);
    // One more for b: a, published least recently, gives up its oldest.
    const b3 = history.append('b', '"b3"') as string;
    assert.deepEqual(await history.read('a', start, 10), { entries: [[a2, '"a2"']], gap: true });
    assert.deepEqual(await history.read('b', start, 10), {
      entries: [
        [b1, '"b1"'],
        [b2, '"b2"'],
        [b3, '"b3"'],
      ],
      gap: false,
    });
    // And another: a is emptied and forgotten, though it remembers that it lost messages.
    history.append('b', '"b4"');
    assert.deepEqual(await history.read('a', a1 as string, 10), {
      entries: [],
      gap: true,
      restart: history.headNow(),
    });
    assert.deepEqual(await history.read('a', a2 as string, 10), {
      entries: [],
      gap: false,
      restart: history.headNow(),
    });
  });

  it('retention false keeps nothing: no ids, and a subscription from an id of svc starts afresh with a gap', async () => {
    const pubsub = new PubSub({ retention: false });
    const subscription = pubsub.subscribe('quiet');
    await pubsub.publish('quiet', 1);
    assert.deepEqual(await subscription.next(), { done: false, value: 1 });
    assert.equal(subscription.lastId, undefined);
    const gaps: string[] = [];
    const resumed = pubsub.subscribe('quiet', { after: 'k3x9f2qa.57', onGap: (lastId) => gaps.push(lastId) });
    await pubsub.publish('quiet', 2);
    assert.deepEqual([await resumed.next(), gaps], [{ done: false, value: 2 }, ['k3x9f2qa.57']]);
    await pubsub.close();
  });
});

describe('the id of a stream of several subscriptions', () => {
  /** A request as the scope sees it: its headers, and its end, never reached here. */
  const request = (lastEventId?: string) => ({
    headers: lastEventId === undefined ? {} : { 'last-event-id': lastEventId },
    upgrade: false,
    whenOver: () => undefined,
  });

  it('joins their positions in the order made; a request with that id resumes each of them', async () => {
    const pubsub = new PubSub();
    const serve = bindSubscriptionsToRequests(async (_request: ReturnType<typeof request>) => {
      const first = pubsub.subscribe<string>('left');
      const second = pubsub.subscribe<string>('right');
      await Promise.all([first.ready, second.ready]);
      return { first, second, scope: currentRequestSubscriptions() };
    });
    const { first, second, scope } = await serve(request());
    await pubsub.publish('left', 'l1');
    await pubsub.publish('right', 'r1');
    await first.next();
    await second.next();
    const id = scope?.position() as string;
    assert.equal(id, `${first.lastId},${second.lastId}`);
    await first.return();
    await second.return();

    await pubsub.publish('left', 'l2');
    await pubsub.publish('right', 'r2');
    const again = await serve(request(id));
    assert.deepEqual(await again.first.next(), { done: false, value: 'l2' });
    assert.deepEqual(await again.second.next(), { done: false, value: 'r2' });
    await pubsub.close();
  });
});
