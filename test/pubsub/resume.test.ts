/**
 * Resuming an SSE relay after a reconnect, in one process (the in-process transport and its ring
 * of retained events), over real sockets. The fixture's relays have no resume code: their events
 * carry ids because they come from a subscription, and a client that reconnects with
 * `Last-Event-ID` gets exactly what it missed, then the live events. Past retention the stream
 * says so with an `svc-gap` event; a handler's own ids are kept.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { serveFixture } from '../support/served-fixture.js';
import { dataOf, EventStream, type WireEvent } from './event-stream.js';

const root = fileURLToPath(new URL('../fixtures/streams/resume', import.meta.url));
const served = serveFixture(root);

/** An id of this process's in-process history: an eight-character epoch and a sequence number. */
const LOCAL_ID = /^[0-9a-z]{8}\.\d+$/;

const events = (topic: string, lastEventId?: string): Promise<EventStream> =>
  EventStream.open(`${served.base}/api/resume/events/${topic}`, lastEventId);

async function publish(topic: string, ...texts: string[]): Promise<void> {
  for (const text of texts) {
    const answer = await fetch(`${served.base}/api/resume/publish/${topic}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(text),
    });
    assert.equal(answer.status, 202);
  }
}

const seqOf = (event: WireEvent): number => Number(event.id?.split('.')[1]);

/** Each event has an id of this process, each later than the one before. */
function assertRising(list: readonly WireEvent[]): void {
  for (const event of list) assert.match(String(event.id), LOCAL_ID, JSON.stringify(event));
  for (let n = 1; n < list.length; n++)
    assert.ok(seqOf(list[n] as WireEvent) > seqOf(list[n - 1] as WireEvent), JSON.stringify(list));
}

describe('resuming an SSE relay in one process', () => {
  it('events carry ids without any code; a reconnect with Last-Event-ID gets exactly what it missed, then live events', async () => {
    const first = await events('lobby');
    const [subscribed] = await first.take(1);
    await publish('lobby', 'a', 'b');
    const seen = [subscribed as WireEvent, ...(await first.take(2))];
    assert.deepEqual(dataOf(seen), ['subscribed', 'a', 'b']);
    assertRising(seen);
    await first.close();

    await publish('lobby', 'c', 'd');
    const lastId = seen[2]?.id;
    const second = await events('lobby', lastId);
    const resumed = await second.take(3);
    await publish('lobby', 'e');
    resumed.push(...(await second.take(1)));
    // The handler's own first event is written where the stream stands: after b.
    assert.deepEqual(resumed[0], { id: lastId, data: 'subscribed' });
    assert.deepEqual(dataOf(resumed.slice(1)), ['c', 'd', 'e']);
    assertRising(resumed.slice(1));
    assert.ok(seqOf(resumed[1] as WireEvent) > seqOf(seen[2] as WireEvent));
    assert.deepEqual(second.pending, []);
    await second.close();
  });

  it('past retention (3 events under short:*) the stream says svc-gap first, then gives what is retained', async () => {
    const first = await events('short:room');
    const [subscribed] = await first.take(1);
    await first.close();
    await publish('short:room', '1', '2', '3', '4', '5');

    const second = await events('short:room', subscribed?.id);
    const resumed = await second.take(5);
    assert.deepEqual(resumed.slice(0, 2), [
      { event: 'svc-gap', data: JSON.stringify({ lastEventId: subscribed?.id }) },
      { id: subscribed?.id, data: 'subscribed' },
    ]);
    assert.deepEqual(dataOf(resumed.slice(2)), ['3', '4', '5']);
    assertRising(resumed.slice(2));
    await second.close();
  });

  it("an id of another process (svc's form, another epoch) gets svc-gap, then the live stream", async () => {
    const stream = await events('elsewhere', 'abcdefgh.41');
    const [gap, subscribed] = await stream.take(2);
    assert.deepEqual(gap, { event: 'svc-gap', data: JSON.stringify({ lastEventId: 'abcdefgh.41' }) });
    assert.equal(subscribed?.data, 'subscribed');
    assert.match(String(subscribed?.id), LOCAL_ID);
    await publish('elsewhere', 'now');
    assert.deepEqual(dataOf(await stream.take(1)), ['now']);
    await stream.close();
  });

  it("a handler's own ids win; an own id sent back as Last-Event-ID starts the stream afresh, without svc-gap", async () => {
    const own = `${served.base}/api/resume/own/mine`;
    const stream = await EventStream.open(own);
    const [subscribed] = await stream.take(1);
    await publish('mine', 'plain 1', 'own:x', 'plain 2');
    const got = await stream.take(3);
    assert.deepEqual(got[1], { id: 'own:x', data: 'own:x' });
    assert.deepEqual(dataOf([got[0] as WireEvent, got[2] as WireEvent]), ['plain 1', 'plain 2']);
    assertRising([subscribed as WireEvent, got[0] as WireEvent, got[2] as WireEvent]);
    await stream.close();

    const again = await EventStream.open(own, 'own:x');
    const [fresh] = await again.take(1);
    assert.equal(fresh?.data, 'subscribed');
    assert.match(String(fresh?.id), LOCAL_ID);
    await publish('mine', 'plain 3');
    assert.deepEqual(dataOf(await again.take(1)), ['plain 3']);
    assert.deepEqual(again.pending, []);
    await again.close();
  });
});
