/**
 * `Expect: 100-continue` on a custom method, over a raw socket against a real app: like on Node's
 * own path (test/production/continue.test.ts), `100 Continue` comes only once middleware and
 * guards passed and the route reads the body; a guard's refusal is the answer at once.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { RawConnection } from '../security/raw-connection.js';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/custom-methods/app', import.meta.url));
const served = serveFixture(root);
const BODY = JSON.stringify({ text: 'hello' });
const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';

function head(extra = ''): string {
  return (
    `CUSTOM /api/tools/notes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${BODY.length}\r\nExpect: 100-continue\r\n${extra}\r\n`
  );
}

const connect = (): Promise<RawConnection> => RawConnection.open(Number(new URL(served.base).port));

it('a guard that refuses answers 401 at once: no 100 Continue, connection closed', async () => {
  const connection = await connect();
  connection.write(head());
  const raw = await connection.untilClosed();
  assert.match(raw, /^HTTP\/1\.1 401 Unauthorized\r\n/);
  assert.doesNotMatch(raw, /100 Continue/);
  assert.match(raw, /\r\nConnection: close\r\n/i);
  assert.match(raw, /\r\n\r\nno token$/);
});

it('a guard that passes: 100 Continue, then the body is read and answered', async () => {
  const connection = await connect();
  connection.write(head('Authorization: Bearer ok\r\n'));
  assert.equal(await connection.firstAnswer(), CONTINUE);
  connection.write(BODY);
  const raw = await connection.untilClosed();
  assert.ok(raw.startsWith(`${CONTINUE}HTTP/1.1 200 OK\r\n`), raw);
  assert.ok(raw.endsWith('\r\n\r\n{"text":"hello"}'), raw);
});
