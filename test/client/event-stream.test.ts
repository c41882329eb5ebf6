/**
 * How the generated client reads `text/event-stream`, through the `fetch` option: a fake fetch
 * answers with a body cut at awkward places (inside a CRLF, inside a UTF-8 character, inside a
 * JSON item), with comments and fields other than `data`, and the items come out as the wire
 * format (docs/streams.md) and the item reading rules (docs/client.md, "Streams") say.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO } from '../cli/helpers.js';
import { clientOf, makeClientDir, type ClientDir } from './helpers.js';

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** The part of the streams app's generated client this test drives. */
interface StreamsClientModule {
  createClient(options: { baseUrl: string; fetch: FetchLike }): {
    events: Record<'frames' | 'ticks' | 'quiet', () => AsyncIterable<unknown>>;
  };
}

interface Sent {
  url: string;
  method: string | undefined;
  accept: string | null;
  signal: AbortSignal | undefined;
}

/** A fetch whose answer streams `chunks` (text or raw bytes), then ends unless `endless`. */
function fakeFetch(chunks: (string | number[])[], sent: Sent[], endless = false): FetchLike {
  return async (url, init) => {
    const headers = new Headers(init.headers);
    sent.push({ url, method: init.method, accept: headers.get('accept'), signal: init.signal ?? undefined });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks)
          controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : new Uint8Array(chunk));
        if (!endless) controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
}

async function collect(items: AsyncIterable<unknown>, most = Infinity): Promise<unknown[]> {
  const seen: unknown[] = [];
  for await (const item of items) {
    seen.push(item);
    if (seen.length >= most) break;
  }
  return seen;
}

describe('the client reading an event stream', () => {
  let folder: ClientDir;
  let client: StreamsClientModule;
  before(async () => {
    folder = makeClientDir(clientOf(join(REPO, 'test', 'fixtures', 'streams', 'app')), []);
    client = await folder.load<StreamsClientModule>('client.ts');
  });
  after(() => folder?.remove());

  it('splits events on blank lines across chunks, joins data lines with \\n, skips comments and other fields', async () => {
    const sent: Sent[] = [];
    const chunks = [
      'data: hel',
      'lo\r',
      '\n\r\ndata: line one\r\ndata:line two\n\n: ping\n\n',
      'data: {"n":3,"label":"thr',
      'ee"}\n\nevent: tick\nid: 7\ndata: 42\n\n',
      'data: "quoted"\n\ndata: cut off',
    ];
    const api = client.createClient({ baseUrl: 'http://svc.test/api/', fetch: fakeFetch(chunks, sent) });
    // frames yields `string | Tick`: text that parses to a non-string is JSON, anything else is text.
    assert.deepEqual(await collect(api.events.frames()), [
      'hello',
      'line one\nline two',
      { n: 3, label: 'three' },
      42,
      '"quoted"',
    ]);
    assert.deepEqual(
      sent.map(({ url, method, accept }) => ({ url, method, accept })),
      [{ url: 'http://svc.test/api/events/frames', method: 'GET', accept: 'text/event-stream' }],
    );
  });

  it('reads a string-only stream as text, whatever it looks like, and decodes UTF-8 split between chunks', async () => {
    const chunks = ['data: gr', [0xc3], [0xbc, 0x6e], '\n\ndata: 42\n\ndata: {"a":1}\n\n'];
    const api = client.createClient({ baseUrl: 'http://svc.test/api', fetch: fakeFetch(chunks, []) });
    assert.deepEqual(await collect(api.events.quiet()), ['grün', '42', '{"a":1}']);
  });

  it('aborts the request when the loop is left early, so the server closes the handler', async () => {
    const sent: Sent[] = [];
    const chunks = ['data: {"n":0,"label":"tick 0"}\n\n', 'data: {"n":1,"label":"tick 1"}\n\n'];
    const api = client.createClient({ baseUrl: 'http://svc.test/api', fetch: fakeFetch(chunks, sent, true) });
    assert.deepEqual(await collect(api.events.ticks(), 1), [{ n: 0, label: 'tick 0' }]);
    assert.equal(sent[0]?.signal?.aborted, true);
  });
});
