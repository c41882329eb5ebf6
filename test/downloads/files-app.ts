/**
 * The files app (test/fixtures/apps/files) served on a real port, its probes pointed at its data
 * folder, and a raw-socket GET for what a client sees byte by byte.
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { REPO } from '../cli/helpers.js';
import { probes } from '../fixtures/apps/files/src/probes.js';
import { serveFixture, type ServedFixture } from '../support/served-fixture.js';

export const FILES_ROOT = join(REPO, 'test', 'fixtures', 'apps', 'files');
/** The 26 bytes of data/alphabet.txt. */
export const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

export function serveFilesApp(): ServedFixture {
  probes().dataDir = join(FILES_ROOT, 'data');
  return serveFixture(FILES_ROOT);
}

export { probes };

/** A GET over a raw socket; resolves once the head and the first body bytes came. */
export async function rawGet(base: string, path: string): Promise<{ socket: Socket; head: string }> {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  await once(socket, 'connect');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
  let received = Buffer.alloc(0);
  while (received.indexOf('\r\n\r\n') === -1) {
    const [chunk] = (await once(socket, 'data')) as [Buffer];
    received = Buffer.concat([received, chunk]);
  }
  socket.pause();
  return { socket, head: received.subarray(0, received.indexOf('\r\n\r\n')).toString('latin1') };
}
