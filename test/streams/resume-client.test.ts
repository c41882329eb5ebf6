/**
 * The typed client resumes a dropped SSE stream by itself (docs/streams.md, "Resuming"): the
 * connection is cut server-side mid-stream (a TCP proxy in front of the resume fixture), events
 * are published while it is away, and the loop yields every event exactly once, in order, having
 * reconnected with `Last-Event-ID`, after the server's `retry:`. Past retention it throws
 * `SseGapError` (or hands the gap to `onGap`); a server that stays away ends the loop after
 * `reconnect.retries` attempts.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { REPO } from '../cli/helpers.js';
import { clientOf, makeClientDir, type ClientDir } from '../client/helpers.js';
import { serveFixture } from '../support/served-fixture.js';
import { CuttingProxy } from './cutting-proxy.js';

const ROOT = join(REPO, 'test', 'fixtures', 'streams', 'resume');

interface Message {
  data: unknown;
  event: string;
  id: string;
}

interface CallOptions {
  signal?: AbortSignal;
  reconnect?: false | { retries?: number };
  onGap?: (lastEventId: string) => void;
}

interface ResumeClientModule {
  createClient(options: { baseUrl: string }): {
    resume: { feed(args: { topic: string }, call?: CallOptions): AsyncIterable<Message> };
  };
  SseGapError: new (...args: never[]) => Error & { lastEventId: string; operation: string };
}

/** The loop of a feed, run in the background: what it yielded so far, and how it ended. */
class Reading {
  readonly items: Message[] = [];
  private wake: (() => void) | undefined;
  readonly ended: Promise<unknown>;

  constructor(feed: AsyncIterable<Message>) {
    this.ended = (async () => {
      try {
        for await (const item of feed) {
          this.items.push(item);
          this.wake?.();
        }
        return 'done';
      } catch (error) {
        return error;
      } finally {
        this.wake?.();
      }
    })();
  }

  /** Resolves once `count` items came (rejects if the loop ended first). */
  async until(count: number): Promise<Message[]> {
    let over = false;
    void this.ended.then(() => (over = true));
    while (this.items.length < count) {
      if (over)
        throw new Error(`the loop ended after ${JSON.stringify(this.items)}: ${String(await this.ended)}`);
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    return this.items.slice(0, count);
  }
}

describe('the typed client resumes a dropped SSE stream', () => {
  const served = serveFixture(ROOT);
  let folder: ClientDir;
  let client: ResumeClientModule;
  let proxy: CuttingProxy;
  before(async () => {
    folder = makeClientDir(clientOf(ROOT), []);
    client = await folder.load<ResumeClientModule>('client.ts');
  });
  let stop: AbortController;
  afterEach(async () => {
    stop.abort();
    await proxy?.close();
  });
  after(() => folder?.remove());

  /** The feed of `topic` through a fresh proxy, read in the background; resolves once its subscription is live. */
  async function read(topic: string, call: CallOptions = {}): Promise<Reading> {
    proxy = await CuttingProxy.start(Number(new URL(served.base).port));
    stop = new AbortController();
    const { resume } = client.createClient({ baseUrl: `${proxy.base}/api` });
    // The fixture writes `retry:` once its subscription is ready: from then on nothing is missed.
    const live = proxy.sent('retry: 10');
    const reading = new Reading(resume.feed({ topic }, { signal: stop.signal, ...call }));
    await live;
    return reading;
  }

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

  /** Cuts the stream's connection, publishes `texts` while it is away, then lets it reconnect. */
  async function whileAway(topic: string, ...texts: string[]): Promise<void> {
    proxy.hold();
    // A client that does not reconnect fails the test here rather than hanging it.
    const reconnecting = once(proxy, 'held', { signal: AbortSignal.timeout(30_000) });
    proxy.cut();
    await reconnecting;
    await publish(topic, ...texts);
    proxy.release();
  }

  it('yields every event once, in order: those published while it was away after it reconnected with Last-Event-ID', async () => {
    const reading = await read('typed');
    await publish('typed', 'p1', 'p2');
    const before = await reading.until(2);
    await whileAway('typed', 'p3', 'p4');
    await reading.until(4);
    await publish('typed', 'p5');
    const items = await reading.until(5);
    assert.deepEqual(
      items.map((item) => [item.data, item.event]),
      [
        ['p1', 'message'],
        ['p2', 'message'],
        ['p3', 'message'],
        ['p4', 'message'],
        ['p5', 'message'],
      ],
    );
    const seqs = items.map((item) => Number(item.id.split('.')[1]));
    assert.deepEqual(
      seqs,
      [...seqs].sort((a, b) => a - b),
    );
    assert.equal(new Set(seqs).size, 5);
    assert.equal(proxy.heads.length, 2);
    assert.doesNotMatch(String(proxy.heads[0]), /last-event-id/i);
    assert.match(
      String(proxy.heads[1]),
      new RegExp(`\\r\\nlast-event-id: ${before[1]?.id.replace('.', '\\.')}\\r\\n`, 'i'),
    );
    assert.equal(reading.items.length, 5);
  });

  it('past retention it throws SseGapError with the last id it had; with onGap it goes on with what is retained', async () => {
    const failing = await read('short:typed');
    await publish('short:typed', 'g1');
    const [g1] = await failing.until(1);
    await whileAway('short:typed', 'g2', 'g3', 'g4', 'g5', 'g6');
    const error = await failing.ended;
    assert.ok(error instanceof client.SseGapError, String(error));
    assert.deepEqual([error.operation, error.lastEventId], ['resume.feed', g1?.id]);
    assert.deepEqual(failing.items, [g1]);
    await proxy.close();

    const gaps: string[] = [];
    const going = await read('short:told', { onGap: (lastEventId) => gaps.push(lastEventId) });
    await publish('short:told', 't1');
    const [t1] = await going.until(1);
    await whileAway('short:told', 't2', 't3', 't4', 't5', 't6');
    const items = await going.until(4);
    assert.deepEqual(gaps, [t1?.id]);
    assert.deepEqual(
      items.map((item) => item.data),
      ['t1', 't4', 't5', 't6'],
    );
  });

  it('a server that stays away ends the loop after reconnect.retries failed attempts, with the last error', async () => {
    const reading = await read('gone', { reconnect: { retries: 2 } });
    await publish('gone', 'x1');
    await reading.until(1);
    let refused = 0;
    proxy.on('refused', () => refused++);
    proxy.refuse();
    proxy.cut();
    const error = await reading.ended;
    assert.ok(error instanceof TypeError, String(error));
    assert.equal(refused, 2);
    assert.deepEqual(
      reading.items.map((item) => item.data),
      ['x1'],
    );
  });
});
