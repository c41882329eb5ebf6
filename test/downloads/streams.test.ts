/**
 * A handler returning a web ReadableStream or a node Readable, over a real socket: sent chunked,
 * read only as fast as the client reads, and let go (destroyed, cancelled) when the client leaves.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { describe, it } from 'node:test';
import { viaSocket } from '../runtime/helpers.js';
import { probes, rawGet, serveFilesApp } from './files-app.js';

const MIB = 1024 * 1024;

/** Reads `count` more bytes off a paused socket, then pauses it again. */
async function readBytes(socket: Socket, count: number): Promise<void> {
  let left = count;
  socket.resume();
  while (left > 0) {
    const [chunk] = (await once(socket, 'data')) as [Buffer];
    left -= chunk.byteLength;
  }
  socket.pause();
}

describe('stream answers', () => {
  const served = serveFilesApp();

  it('sends a web ReadableStream chunked, as application/octet-stream, to its end', async () => {
    const reply = await viaSocket(served.base, { method: 'GET', url: '/api/files/web-lines' });
    assert.equal(reply.status, 200);
    assert.equal(reply.text, 'one\ntwo\nthree\n');
    assert.equal(reply.headers['content-type'], 'application/octet-stream');
    assert.equal(reply.headers['transfer-encoding'], 'chunked');
    assert.equal(reply.headers['content-length'], undefined);
  });

  it('sends a node Readable whole', async () => {
    const reply = await viaSocket(served.base, { method: 'GET', url: '/api/files/readable/1' });
    assert.equal(reply.status, 200);
    assert.equal(Buffer.byteLength(reply.text), MIB);
  });

  it('reads a Readable only as fast as a slow client takes it (backpressure)', async () => {
    // 512 MiB: a server that read it all ahead of the client would hold it in memory.
    probes().produced = 0;
    const { socket } = await rawGet(served.base, '/api/files/readable/512');
    let consumed = 0;
    for (let step = 0; step < 4; step++) {
      await readBytes(socket, MIB);
      consumed += MIB;
      // What sockets and stream buffers between them may hold: a few MiB, far from 512.
      const ahead = probes().produced - consumed;
      assert.ok(ahead < 48 * MIB, `the source ran ${Math.round(ahead / MIB)} MiB ahead of the client`);
    }
    const closed = once(probes().events, 'node-closed');
    socket.destroy();
    await closed;
  });

  it('destroys a node Readable when the client leaves mid-stream', async () => {
    const { socket } = await rawGet(served.base, '/api/files/readable/4096');
    const closed = once(probes().events, 'node-closed');
    await readBytes(socket, 64 * 1024);
    socket.destroy();
    await closed;
  });

  it('cancels a web ReadableStream when the client leaves mid-stream', async () => {
    const { socket } = await rawGet(served.base, '/api/files/web-stream');
    const cancelled = once(probes().events, 'web-cancelled');
    await readBytes(socket, 1);
    socket.destroy();
    await cancelled;
  });

  it('answers HEAD with the head only and lets the source go unread', async () => {
    const closed = once(probes().events, 'node-closed');
    const reply = await viaSocket(served.base, { method: 'HEAD', url: '/api/files/readable/4096' });
    assert.equal(reply.status, 200);
    assert.equal(reply.text, '');
    assert.equal(reply.headers['content-type'], 'application/octet-stream');
    await closed;
  });
});
