/**
 * Method confusion through the custom-method takeover. Node's parser keeps the bytes of a method
 * it has not finished matching across reads, after the request before them: `A` then `CUSTOM`
 * is the method `ACUSTOM` on the wire, which a proxy filtering on the method sees as well. svc
 * must never serve the `CUSTOM` after the split: 400, connection closed. Real sockets, each part
 * its own read, against a real app.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ServerSockets } from '../custom-methods/server-sockets.js';
import { parseResponses } from '../custom-methods/raw-client.js';
import { serveFixture } from '../support/served-fixture.js';
import { RawConnection, statuses } from './raw-connection.js';

const root = fileURLToPath(new URL('../fixtures/custom-methods/app', import.meta.url));
const served = serveFixture(root);
let serverSockets: ServerSockets | undefined;

const OPEN = 'GET /api/tools/open HTTP/1.1\r\nHost: x\r\n\r\n';
const secret = (method: string): string => `${method} /api/tools/secret HTTP/1.1\r\nHost: x\r\n\r\n`;

async function open(): Promise<RawConnection> {
  serverSockets ??= new ServerSockets(served.app.server!);
  return RawConnection.open(Number(new URL(served.base).port));
}

/** Writes each part as its own read (the next only once the server has read the previous). */
async function exchange(connection: RawConnection, parts: string[], alreadySent = 0): Promise<string> {
  let sent = alreadySent;
  for (const part of parts) {
    if (sent > 0) await serverSockets!.hasRead(sent, connection.socket);
    connection.write(part);
    sent += Buffer.byteLength(part, 'latin1');
  }
  return connection.untilClosed();
}

/** The open request answered first, then each part as its own read. */
async function afterAnswer(parts: string[]): Promise<string> {
  const connection = await open();
  connection.write(OPEN);
  await connection.firstAnswer();
  return exchange(connection, parts, OPEN.length);
}

function assertRefused(raw: string): void {
  assert.deepEqual(statuses(raw), [200, 400], raw);
  const [answer, refusal] = parseResponses(raw);
  assert.equal(answer?.body, 'open answer');
  assert.equal(refusal?.headers['connection'], 'close');
  assert.equal(JSON.parse(refusal?.body ?? '').type, 'urn:svc:error:SVC_ERR_BAD_REQUEST');
  assert.ok(!raw.includes('secret'), raw);
}

const SPLITS: [prefix: string, method: string][] = [
  ['A', 'CUSTOM'],
  ['GET', 'VIEW'],
  ['MK', 'CUSTOM'],
];

describe('a method prefix left on the connection, then a custom method', () => {
  for (const [prefix, method] of SPLITS) {
    it(`'${prefix}' at the end of the read holding a request, then '${method}': 400 and close`, async () => {
      assertRefused(await exchange(await open(), [OPEN + prefix, secret(method)]));
    });

    it(`'${prefix}' in its own read after the answer, then '${method}': 400 and close`, async () => {
      assertRefused(await afterAnswer([prefix, secret(method)]));
    });
  }
});

describe('custom methods on kept-alive and pipelined connections still served', () => {
  it('after two answered requests, in a read of its own', async () => {
    const raw = await afterAnswer([OPEN, secret('CUSTOM')]);
    assert.deepEqual(
      parseResponses(raw).map((response) => [response.status, response.body]),
      [
        [200, 'open answer'],
        [200, 'open answer'],
        [200, 'secret answer'],
      ],
    );
  });

  it('pipelined after a request in the same read', async () => {
    const raw = await exchange(await open(), [OPEN + secret('VIEW')]);
    assert.deepEqual(
      parseResponses(raw).map((response) => response.body),
      ['open answer', 'secret view'],
    );
  });

  it('after a request with an empty line after it (which Node skips), in a read of its own', async () => {
    const raw = await exchange(await open(), [`${OPEN}\r\n`, secret('CUSTOM')]);
    assert.deepEqual(statuses(raw), [200, 200]);
    assert.ok(raw.endsWith('secret answer'), raw);
  });
});
