/** PubSub's own contract, on the in-process transport: delivery, JSON, unsubscribing, the queue bound. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FrameworkHttpError } from '../../src/runtime/errors/problem.js';
import { SvcError } from '../../src/runtime/errors/svc-error.js';
import { PubSub } from '../../src/runtime/pubsub/pubsub.js';

const isCode = (code: string) => (error: unknown) => {
  assert.ok(error instanceof SvcError || error instanceof FrameworkHttpError, String(error));
  assert.equal(error.code, code);
  return true;
};

describe('PubSub (in-process)', () => {
  it('hands each message to every subscriber of its topic, in order, as its JSON form', async () => {
    const pubsub = new PubSub();
    const first = pubsub.subscribe<{ n: number; at: string }>('orders');
    const second = pubsub.subscribe<{ n: number; at: string }>('orders');
    const other = pubsub.subscribe('invoices');
    await Promise.all([first.ready, second.ready, other.ready]);
    const at = new Date('2026-01-02T03:04:05.000Z');
    await pubsub.publish('orders', { n: 1, at });
    await pubsub.publish('orders', { n: 2, at });
    for (const subscription of [first, second]) {
      assert.deepEqual(await subscription.next(), { done: false, value: { n: 1, at: at.toISOString() } });
      assert.deepEqual(await subscription.next(), { done: false, value: { n: 2, at: at.toISOString() } });
    }
    await pubsub.close();
    assert.deepEqual(await other.next(), { done: true, value: undefined });
  });

  it('a message published before subscribe is not delivered; one published after is', async () => {
    const pubsub = new PubSub();
    await pubsub.publish('news', 'early');
    const subscription = pubsub.subscribe<string>('news');
    await pubsub.publish('news', 'late');
    assert.deepEqual(await subscription.next(), { done: false, value: 'late' });
    await pubsub.close();
  });

  it('return() unsubscribes: a waiting next() resolves done and nothing more is queued', async () => {
    const pubsub = new PubSub();
    const subscription = pubsub.subscribe<number>('ticks');
    const waiting = subscription.next();
    assert.deepEqual(await subscription.return(), { done: true, value: undefined });
    assert.deepEqual(await waiting, { done: true, value: undefined });
    await pubsub.publish('ticks', 1);
    assert.deepEqual(await subscription.next(), { done: true, value: undefined });
    await pubsub.close();
  });

  it('for await over a subscription ends when the loop breaks, unsubscribing', async () => {
    const pubsub = new PubSub();
    const subscription = pubsub.subscribe<number>('count');
    const seen: number[] = [];
    const loop = (async () => {
      for await (const n of subscription) {
        seen.push(n);
        if (n === 3) break;
      }
    })();
    for (const n of [1, 2, 3, 4]) await pubsub.publish('count', n);
    await loop;
    assert.deepEqual(seen, [1, 2, 3]);
    assert.deepEqual(await subscription.next(), { done: true, value: undefined });
    await pubsub.close();
  });

  it('maxQueue messages may wait; one more ends that subscriber with SVC_ERR_PUBSUB_BEHIND, not the others', async () => {
    const pubsub = new PubSub({ maxQueue: 3 });
    const slow = pubsub.subscribe<number>('feed');
    const fast = pubsub.subscribe<number>('feed');
    const received: number[] = [];
    const reading = (async () => {
      for await (const n of fast) {
        received.push(n);
        if (n === 5) break;
      }
    })();
    for (const n of [1, 2, 3]) await pubsub.publish('feed', n);
    assert.deepEqual(await slow.next(), { done: false, value: 1 });
    for (const n of [4, 5]) await pubsub.publish('feed', n);
    // Now 2, 3, 4 and 5 were due: one more than maxQueue, so the queue is dropped and the error is next.
    await assert.rejects(slow.next(), isCode('SVC_ERR_PUBSUB_BEHIND'));
    assert.deepEqual(await slow.next(), { done: true, value: undefined });
    await reading;
    assert.deepEqual(received, [1, 2, 3, 4, 5]);
    await pubsub.close();
  });

  it('publish rejects a message JSON cannot encode with SVC_ERR_PUBSUB_MESSAGE', async () => {
    const pubsub = new PubSub();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const message of [undefined, () => 1, 1n, cyclic]) {
      await assert.rejects(pubsub.publish('t', message), isCode('SVC_ERR_PUBSUB_MESSAGE'));
    }
    await pubsub.close();
  });

  it('close() ends every subscription cleanly; a later publish is a 503 SVC_ERR_PUBSUB_UNAVAILABLE', async () => {
    const pubsub = new PubSub();
    const subscription = pubsub.subscribe('room');
    const waiting = subscription.next();
    await pubsub.close();
    assert.deepEqual(await waiting, { done: true, value: undefined });
    await assert.rejects(pubsub.publish('room', 'x'), (error: unknown) => {
      assert.ok(error instanceof FrameworkHttpError);
      assert.equal(error.code, 'SVC_ERR_PUBSUB_UNAVAILABLE');
      assert.equal(error.status, 503);
      return true;
    });
  });
});
