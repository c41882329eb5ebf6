/**
 * A request whose start svc cannot locate with certainty is answered 400 and the connection is
 * closed; nothing after it on that connection is ever served. Real sockets against a real app.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestApp, type SvcApp } from '../../src/testing/index.js';
import { ServerSockets } from '../custom-methods/server-sockets.js';
import { RawConnection, statuses } from './raw-connection.js';

const root = fileURLToPath(new URL('../fixtures/security/app', import.meta.url));
const GUARDED = 'GET /api/account/me HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer good-token\r\n\r\n';
let app: SvcApp;
let port: number;
let serverSockets: ServerSockets;

before(async () => {
  app = await createTestApp({ root, log: () => {} });
  port = (await app.listen({ host: '127.0.0.1', port: 0 })).port;
  serverSockets = new ServerSockets(app.server!);
});
after(() => app.close());

/** Sends each part as its own read (the next part only once the server has read the previous). */
async function exchange(parts: string[]): Promise<string> {
  const connection = await RawConnection.open(port);
  let sent = 0;
  for (const part of parts) {
    if (sent > 0) await serverSockets.hasRead(sent);
    connection.write(part);
    sent += Buffer.byteLength(part, 'latin1');
  }
  return connection.untilClosed();
}

function problemType(raw: string): string {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)).type;
}

describe('request smuggling through the custom-method path', () => {
  it('answers a lower-case method 400 at once and closes, before its body is sent (two reads)', async () => {
    const connection = await RawConnection.open(port);
    connection.write(`get /api/books HTTP/1.1\r\nHost: a\r\nContent-Length: ${GUARDED.length}\r\n\r\n`);
    const first = await connection.firstAnswer();
    assert.deepEqual(statuses(first), [400]);
    connection.write(GUARDED);
    const all = await connection.untilClosed();
    assert.deepEqual(statuses(all), [400]);
    assert.equal(problemType(all), 'urn:svc:error:SVC_ERR_BAD_REQUEST');
    assert.ok(!all.includes('token='), all);
  });

  it('answers the same bytes in one packet 400, once, and closes', async () => {
    const raw = await exchange([
      `get /api/books HTTP/1.1\r\nHost: a\r\nContent-Length: ${GUARDED.length}\r\n\r\n${GUARDED}`,
    ]);
    assert.deepEqual(statuses(raw), [400]);
    assert.ok(!raw.includes('token='), raw);
  });

  for (const method of ['brew', 'G{T', 'Get', 'CUSTOm']) {
    it(`answers the invalid method token '${method}' 400 and closes`, async () => {
      const raw = await exchange([`${method} /api/books HTTP/1.1\r\nHost: a\r\n\r\n${GUARDED}`]);
      assert.deepEqual(statuses(raw), [400]);
      assert.equal(problemType(raw), 'urn:svc:error:SVC_ERR_BAD_REQUEST');
    });
  }

  it('answers an undeclared upper-case method 501 and closes, serving nothing after it', async () => {
    const raw = await exchange([`BREW /api/books HTTP/1.1\r\nHost: a\r\n\r\n${GUARDED}`]);
    assert.deepEqual(statuses(raw), [501]);
    assert.ok(!raw.includes('token='), raw);
  });

  it('answers bare-LF line endings 400 at once (not 408 after the timeout)', async () => {
    const raw = await exchange(['CUSTOM /api/tools/special HTTP/1.1\nHost: a\n\n']);
    assert.deepEqual(statuses(raw), [400]);
    assert.match(raw, /bare LF/);
  });

  it('answers a CR without its LF 400 at once', async () => {
    const raw = await exchange(['CUSTOM /api/tools/special HTTP/1.1\rHost: a\r\n\r\n']);
    assert.deepEqual(statuses(raw), [400]);
  });

  it('serves nothing pipelined after a refused request', async () => {
    const raw = await exchange([`get /api/books HTTP/1.1\r\nHost: a\r\n\r\n${GUARDED}${GUARDED}`]);
    assert.deepEqual(statuses(raw), [400]);
    assert.ok(!raw.includes('token='), raw);
  });

  it('serves a pipelined custom request whose start is certain, after the request before it', async () => {
    const raw = await exchange([
      'GET /api/books HTTP/1.1\r\nHost: a\r\n\r\nCUSTOM /api/tools/special HTTP/1.1\r\nHost: a\r\n\r\n',
    ]);
    assert.deepEqual(statuses(raw), [200, 200]);
    assert.ok(raw.endsWith('special answer'), raw);
  });

  it('serves a custom method on a kept-alive connection once the request before it was answered', async () => {
    const connection = await RawConnection.open(port);
    connection.write('GET /api/books HTTP/1.1\r\nHost: a\r\n\r\n');
    await connection.firstAnswer();
    connection.write('CUSTOM /api/tools/special HTTP/1.1\r\nHost: a\r\n\r\n');
    const raw = await connection.untilClosed();
    assert.deepEqual(statuses(raw), [200, 200]);
    assert.ok(raw.endsWith('special answer'), raw);
  });

  it('refuses a method that follows the unread end of a body in the same read', async () => {
    // The early answer (404) comes before the body's last bytes; `SUB` ends that body, and
    // `SUBS` could as well be the start of SUBSCRIBE: the start is uncertain.
    const connection = await RawConnection.open(port);
    connection.write('POST /api/nowhere HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\n');
    await connection.firstAnswer();
    connection.write(`SUBSX /api/tools/special HTTP/1.1\r\nHost: a\r\n\r\n`);
    const raw = await connection.untilClosed();
    assert.deepEqual(statuses(raw), [404, 400]);
  });
});

describe('a read boundary at every offset of a custom-method head', () => {
  const head = 'CUSTOM /api/tools/special HTTP/1.1\r\nHost: a\r\n\r\n';
  it('either serves the request or answers 400 and closes; never anything else', async () => {
    const outcomes = new Map<string, number[]>();
    for (let split = 1; split < head.length; split++) {
      const raw = await exchange([head.slice(0, split), head.slice(split)]);
      const seen = statuses(raw);
      const key = seen.join(',');
      outcomes.set(key, [...(outcomes.get(key) ?? []), split]);
      if (seen[0] === 200) assert.ok(raw.endsWith('special answer'), `split ${split}: ${raw}`);
    }
    // Only a boundary right after the first byte ('C' | 'USTOM...') hides where the method began.
    assert.deepEqual(
      [...outcomes.entries()].sort(),
      [
        ['200', Array.from({ length: head.length - 2 }, (_, i) => i + 2)],
        ['400', [1]],
      ].sort(),
    );
  });
});
