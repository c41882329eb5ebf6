/**
 * An upload cut by a shutdown: the app closes while a file is being written to disk, and the
 * temporary file is removed with the request.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { it } from 'node:test';
import { createTestApp } from '../../src/testing/index.js';
import { BOUNDARY, emptied, entries, filled, freshTempDir, multipart, ROOT } from './helpers.js';

it('a shutdown during an upload removes its temporary file', async () => {
  const tempDir = freshTempDir();
  const app = await createTestApp({
    root: ROOT,
    dev: false,
    log: () => {},
    shutdownGraceMs: 0,
    uploads: { tempDir, memoryThreshold: 1024 },
  });
  const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
  const socket = connect(Number(new URL(url).port), '127.0.0.1');
  socket.on('error', () => {});
  const body = multipart([
    { name: 'title', value: 'T' },
    { name: 'file', value: randomBytes(60 * 1024), filename: 'f.bin' },
  ]);
  socket.write(
    `POST /api/documents HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, 30 * 1024));
  await filled(tempDir);
  await app.close();
  await emptied(tempDir);
  assert.deepEqual(entries(tempDir), []);
  socket.destroy();
});
