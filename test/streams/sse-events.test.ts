/**
 * `SseEvent` items on the wire (docs/streams.md, "Event names, ids and retry"): the exact frames
 * of test/fixtures/streams/events served on a real port, what a browser's EventSource makes of
 * them (read by a parser that follows the WHATWG HTML parsing rules, since Node has no
 * EventSource), and an id the wire cannot carry, which ends the stream where it was made.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SseEvent, sseEvent } from '../../src/index.js';
import { REPO } from '../cli/helpers.js';
import { serveFixture } from '../support/served-fixture.js';
import { asBrowserSees } from './sse-events-browser.js';

const ROOT = join(REPO, 'test', 'fixtures', 'streams', 'events');

describe('SseEvent items over a real socket', () => {
  const logged: string[] = [];
  const served = serveFixture(ROOT, { log: (line: string) => logged.push(line) });

  async function stream(path: string): Promise<{ status: number; type: string | null; text: string }> {
    const res = await fetch(`${served.base}/api/market/${path}`);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  }

  it('writes event, id and retry before the data lines, the data through the serializer of T', async () => {
    assert.deepEqual(await stream('feed'), {
      status: 200,
      type: 'text/event-stream; charset=utf-8',
      text:
        'retry: 5000\n\n' +
        'event: price\nid: 1\ndata: {"symbol":"ACME","cents":1250}\n\n' +
        'event: price\nid: 2\ndata: {"symbol":"ACME","cents":1275}\n\n' +
        'event: halt\ndata: {"reason":"circuit breaker\\nlevel 1"}\n\n',
    });
  });

  it('writes data that is no string as JSON: a Date as its ISO string in quotes', async () => {
    assert.deepEqual(await stream('opened'), {
      status: 200,
      type: 'text/event-stream; charset=utf-8',
      text: 'event: opened\nid: day-0\ndata: "1970-01-01T00:00:00.000Z"\n\n',
    });
  });

  it('writes plain items as data lines only, between events', async () => {
    assert.deepEqual(await stream('mixed'), {
      status: 200,
      type: 'text/event-stream; charset=utf-8',
      text:
        'data: hello\n\n' +
        'event: price\nid: 7\nretry: 0\ndata: {"symbol":"ACME","cents":99}\n\n' +
        'data: line one\ndata: line two\n\n' +
        'id: \ndata: a note\ndata: over two lines\n\n' +
        'event: tag\ndata: tagged\n\n',
    });
  });

  it("gives a browser each event's name as its type and each id as lastEventId", async () => {
    const price = (cents: number) => `{"symbol":"ACME","cents":${cents}}`;
    assert.deepEqual(asBrowserSees((await stream('feed')).text), {
      retry: 5000,
      events: [
        { type: 'price', data: price(1250), lastEventId: '1' },
        { type: 'price', data: price(1275), lastEventId: '2' },
        { type: 'halt', data: '{"reason":"circuit breaker\\nlevel 1"}', lastEventId: '2' },
      ],
    });
    assert.deepEqual(asBrowserSees((await stream('mixed')).text), {
      retry: 0,
      events: [
        { type: 'message', data: 'hello', lastEventId: '' },
        { type: 'price', data: price(99), lastEventId: '7' },
        { type: 'message', data: 'line one\nline two', lastEventId: '7' },
        { type: 'message', data: 'a note\nover two lines', lastEventId: '' },
        { type: 'tag', data: 'tagged', lastEventId: '' },
      ],
    });
  });

  it('ends the stream at an id with a line break: logged, the generator closed, the server serving on', async () => {
    logged.length = 0;
    assert.deepEqual(await stream('broken'), {
      status: 200,
      type: 'text/event-stream; charset=utf-8',
      text: 'event: price\nid: ok\ndata: {"symbol":"ACME","cents":1}\n\n',
    });
    const ended = logged.filter((line) => line.startsWith('svc: SSE stream ended by an error: '));
    assert.equal(ended.length, 1);
    assert.match(
      ended[0]!,
      /^svc: SSE stream ended by an error: TypeError: svc: an SSE event's id must be a string without CR, LF or NUL, got "bad\\nid"\n/,
    );
    // The generator's `finally` ran, and the next request is served.
    const cleanups = await fetch(`${served.base}/api/market/broken-cleanups`);
    assert.deepEqual([cleanups.status, await cleanups.json()], [200, 1]);
  });
});

describe('SseEvent fields the wire cannot carry', () => {
  const refused = (make: () => unknown, field: string, expected: string, shown: string) =>
    assert.throws(make, {
      name: 'TypeError',
      message: `svc: an SSE event's ${field} must be ${expected}, got ${shown}`,
    });

  it('refuses a line break in a name, a line break or NUL in an id, and a retry that is no count of ms', () => {
    const name = 'a string without CR or LF';
    const id = 'a string without CR, LF or NUL';
    const retry = 'a non-negative integer of milliseconds';
    refused(() => sseEvent(1, { event: 'a\nb' }), 'event name', name, '"a\\nb"');
    refused(() => new SseEvent(1, { event: 'a\rb' }), 'event name', name, '"a\\rb"');
    refused(() => sseEvent(1, { id: 'a\r\nb' }), 'id', id, '"a\\r\\nb"');
    refused(() => sseEvent(1, { id: 'a\0b' }), 'id', id, '"a\\u0000b"');
    refused(() => sseEvent(1, { id: 7 as unknown as string }), 'id', id, '7');
    refused(() => sseEvent(1, { retry: -1 }), 'retry', retry, '-1');
    refused(() => sseEvent(1, { retry: 1.5 }), 'retry', retry, '1.5');
    refused(() => sseEvent(1, { retry: Number.NaN }), 'retry', retry, 'NaN');
  });

  it('keeps what it was made with: the event and its options are frozen copies', () => {
    const options = { event: 'price' as const, id: '1' };
    const event = sseEvent({ cents: 1 }, options);
    options.id = 'changed\n';
    assert.deepEqual(event.options, { event: 'price', id: '1' });
    assert.ok(Object.isFrozen(event) && Object.isFrozen(event.options));
  });
});
