/**
 * How SSE frames reach the wire, read off a raw socket (HTTP/1.1 chunked framing shows each
 * `res.write`): the events a generator yields within one turn go out as one chunk, an event is
 * not held back waiting for later ones, and a stream of many events is written in few chunks.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, describe, it } from 'node:test';
import { ITEMS_PER_TURN } from '../../src/runtime/streams/pump.js';
import { sendEventStream } from '../../src/runtime/streams/sse.js';
import { signal, startServer, stopServer } from './helpers.js';

/** Sends a GET and gives the body's chunks (their data) as the client read them, once the last came. */
async function chunksOf(port: number, onData?: (chunks: string[]) => void): Promise<string[]> {
  const socket = connect(port, '127.0.0.1');
  socket.setEncoding('latin1');
  socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  let text = '';
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`closed before the last chunk: ${JSON.stringify(text)}`)));
    socket.on('data', (data: string) => {
      text += data;
      const body = text.indexOf('\r\n\r\n');
      if (body === -1) return;
      const { chunks, ended } = parseChunks(text.slice(body + 4));
      onData?.(chunks);
      if (!ended) return;
      socket.destroy();
      resolve(chunks);
    });
  });
}

/** The data of each complete chunk (`<hex size>\r\n<data>\r\n`), and whether the last (empty) one came. */
function parseChunks(body: string): { chunks: string[]; ended: boolean } {
  const chunks: string[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd === -1) return { chunks, ended: false };
    const size = parseInt(body.slice(at, lineEnd), 16);
    if (body.length < lineEnd + 2 + size + 2) return { chunks, ended: false };
    if (size === 0) return { chunks, ended: true };
    chunks.push(body.slice(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

describe('SSE frames on the wire', async () => {
  let source: (() => AsyncIterable<unknown>) | undefined;
  const { server, port } = await startServer((_req, res) => {
    void sendEventStream(res, source!(), { heartbeatMs: 0 });
  });
  after(() => stopServer(server));

  it('writes the events yielded within one turn as one chunk', async () => {
    source = async function* () {
      for (let n = 0; n < 50; n++) yield { n };
    };
    const expected = Array.from({ length: 50 }, (_, n) => `data: {"n":${n}}\n\n`).join('');
    assert.deepEqual(await chunksOf(port), [expected]);
  });

  it('writes an event at once when the generator then waits', async () => {
    const gate = signal();
    source = async function* () {
      yield 'first';
      yield 'second';
      await gate.promise;
      yield 'third';
    };
    // Let the generator go on once the first chunk arrived, whatever it held.
    const chunks = await chunksOf(port, (seen) => {
      if (seen.length > 0) gate.resolve();
    });
    assert.deepEqual(chunks, ['data: first\n\ndata: second\n\n', 'data: third\n\n']);
  });

  it('writes 10,000 events yielded without a pause in one chunk per turn of the event loop', async () => {
    source = async function* () {
      for (let n = 0; n < 10_000; n++) yield 'x';
    };
    const chunks = await chunksOf(port);
    assert.equal(chunks.join(''), 'data: x\n\n'.repeat(10_000));
    assert.equal(chunks.length, Math.ceil(10_000 / ITEMS_PER_TURN));
  });
});
