import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import { PassThrough } from 'node:stream';
import { after, describe, it } from 'node:test';
import { sendEventStream } from '../../src/runtime/streams/sse.js';
import { formatEvent } from '../../src/runtime/streams/sse-format.js';
import { get, readAll, readUntil, signal, startServer, stopServer } from './helpers.js';

describe('SSE wire format', () => {
  it('writes a string as one data line and ends the event with a blank line', () => {
    assert.equal(formatEvent('hello'), 'data: hello\n\n');
  });
  it('splits multi-line strings on CRLF, CR and LF', () => {
    assert.equal(formatEvent('a\r\nb\rc\nd'), 'data: a\ndata: b\ndata: c\ndata: d\n\n');
    assert.equal(formatEvent('end\n'), 'data: end\ndata: \n\n');
  });
  it('JSON-encodes objects, numbers and null; sends nothing for undefined', () => {
    assert.equal(formatEvent({ n: 1, s: 'x\ny' }), 'data: {"n":1,"s":"x\\ny"}\n\n');
    assert.equal(formatEvent(42), 'data: 42\n\n');
    assert.equal(formatEvent(null), 'data: null\n\n');
    assert.equal(formatEvent(undefined), undefined);
  });
});

describe('sendEventStream over a real socket', async () => {
  let source: (() => AsyncIterable<unknown>) | undefined;
  let heartbeatMs = 0;
  const logged: string[] = [];
  const { server, port } = await startServer((_req, res) => {
    void sendEventStream(res, source!(), {
      heartbeatMs,
      headers: { 'x-extra': 'yes' },
      log: (line) => logged.push(line),
    });
  });
  after(() => stopServer(server));

  it('sends the SSE headers and the exact frames, then ends', async () => {
    source = async function* () {
      yield 'one';
      yield 'two\nlines';
      yield { id: 3, tags: ['a'] };
    };
    const res = await get(port, '/');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.headers['connection'], 'keep-alive');
    assert.equal(res.headers['x-accel-buffering'], 'no');
    assert.equal(res.headers['x-extra'], 'yes');
    assert.equal(
      await readAll(res),
      'data: one\n\ndata: two\ndata: lines\n\ndata: {"id":3,"tags":["a"]}\n\n',
    );
  });

  it('flushes each event before the next item exists', async () => {
    const gate = signal();
    source = async function* () {
      yield 'first';
      await gate.promise;
      yield 'second';
    };
    const res = await get(port, '/');
    const seen = { text: '' };
    assert.equal(await readUntil(res, '\n\n', seen), 'data: first\n\n');
    gate.resolve();
    assert.equal(seen.text + (await readAll(res)), 'data: first\n\ndata: second\n\n');
  });

  it('sends a comment heartbeat while idle', async () => {
    heartbeatMs = 10;
    const gate = signal();
    source = async function* () {
      yield 'start';
      await gate.promise;
    };
    const res = await get(port, '/');
    const text = await readUntil(res, ': ping\n\n');
    assert.ok(text.startsWith('data: start\n\n: ping\n\n'), JSON.stringify(text));
    gate.resolve();
    await readAll(res);
    heartbeatMs = 0;
  });

  it("closes the iterator when the client disconnects, so the handler's finally runs", async () => {
    const finallyRan = signal();
    source = async function* () {
      try {
        for (let i = 0; ; i++) {
          yield `tick ${i}`;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      } finally {
        finallyRan.resolve();
      }
    };
    const res = await get(port, '/');
    await readUntil(res, 'tick 1');
    res.destroy();
    await finallyRan.promise;
  });

  it('answers HEAD with the stream headers and never starts the handler', async () => {
    let started = false;
    source = async function* () {
      started = true;
      yield 'never';
    };
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.request({ host: '127.0.0.1', port, method: 'HEAD' }, resolve).on('error', reject).end(),
    );
    assert.equal(res.headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.equal(await readAll(res), '');
    assert.equal(started, false);
  });

  it('ends the stream and logs when the iterable throws', async () => {
    source = async function* () {
      yield 'before';
      throw new Error('boom');
    };
    const res = await get(port, '/');
    assert.equal(res.statusCode, 200);
    assert.equal(await readAll(res), 'data: before\n\n');
    assert.ok(logged.some((line) => line.includes('boom')));
  });
});

describe('sendEventStream backpressure', () => {
  it('does not pull the next item until the response drains', async () => {
    const { server, port } = await startServer((_req, res) => {
      let pulled = 0;
      let pulledWhileFull = 0;
      const big = 'x'.repeat(64 * 1024);
      const items = {
        [Symbol.asyncIterator]: () => ({
          next: async () => {
            pulled++;
            if (res.writableNeedDrain) pulledWhileFull++;
            if (pulled > 200) {
              server.emit('exhausted');
              return { done: true as const, value: undefined };
            }
            return { done: false as const, value: big };
          },
        }),
      };
      // The writer holds back by listening for 'drain': the moment the test waits for.
      res.on('newListener', (event) => {
        if (event === 'drain') server.emit('holding back');
      });
      res.on('close', () => server.emit('pulled', pulledWhileFull));
      void sendEventStream(res, items, { heartbeatMs: 0 });
    });
    // Listening before the request: the writer may hold back before the headers reach the client.
    const firstOutcome = Promise.race([
      once(server, 'holding back').then(() => 'held back'),
      once(server, 'exhausted').then(() => 'pulled all 200 items while the client read nothing'),
    ]);
    const res = await get(port, '/');
    res.pause();
    const outcome = await firstOutcome;
    assert.equal(outcome, 'held back');
    const pulledPromise = once(server, 'pulled');
    res.destroy();
    const [pulledWhileFull] = (await pulledPromise) as [number];
    assert.equal(pulledWhileFull, 0, 'an item was pulled while the response buffer was full');
    await stopServer(server);
  });

  it('rejects a value that is not async-iterable before writing anything', async () => {
    const res = new PassThrough() as never;
    await assert.rejects(sendEventStream(res, 'nope' as never), TypeError);
  });
});
