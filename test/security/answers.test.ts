/** Hardened answers: nosniff everywhere, 408 for timeouts, the right reason phrase after a refused header. */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { answerClientError } from '../../src/runtime/app/server.js';
import { createTestApp, type SvcApp } from '../../src/testing/index.js';
import { listen, stopServer } from '../streams/helpers.js';
import { RawConnection, statuses } from './raw-connection.js';

const root = fileURLToPath(new URL('../fixtures/security/app', import.meta.url));
let app: SvcApp;
let port: number;

before(async () => {
  app = await createTestApp({ root, log: () => {} });
  port = (await app.listen({ host: '127.0.0.1', port: 0 })).port;
});
after(() => app.close());

async function rawAnswer(bytes: string): Promise<string> {
  const connection = await RawConnection.open(port);
  connection.write(bytes);
  return connection.untilClosed();
}

function headerOf(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line?.slice(name.length + 1).trim();
}

describe('X-Content-Type-Options: nosniff', () => {
  const cases: [string, string, number][] = [
    ['a text answer echoing input', 'GET /api/tools/echo?text=%3Cscript%3E HTTP/1.1', 200],
    ['a JSON answer', 'GET /api/books HTTP/1.1', 200],
    ['a guard block', 'GET /api/account/me HTTP/1.1', 401],
    ['a validation problem', 'GET /api/tools/echo HTTP/1.1', 400],
    ['a 404 problem', 'GET /api/nowhere HTTP/1.1', 404],
    ['a 405 problem', 'DELETE /api/books HTTP/1.1', 405],
    ['an OPTIONS answer', 'OPTIONS /api/books HTTP/1.1', 204],
    ['a custom method', 'CUSTOM /api/tools/special HTTP/1.1', 200],
    ['an undeclared method', 'BREW /api/books HTTP/1.1', 501],
    ['a refused method token', 'get /api/books HTTP/1.1', 400],
    ["a head Node's parser refuses", 'GET /api/books HTTP/1.1\r\nBad Header', 400],
  ];
  for (const [what, requestLine, status] of cases) {
    it(`is on ${what}`, async () => {
      const raw = await rawAnswer(`${requestLine}\r\nHost: a\r\nConnection: close\r\n\r\n`);
      assert.deepEqual(statuses(raw), [status], raw);
      assert.equal(headerOf(raw, 'x-content-type-options'), 'nosniff', raw);
    });
  }
});

describe('the reason phrase after a refused header', () => {
  it("is the 500's own", async () => {
    const raw = await rawAnswer('GET /api/tools/bad-header HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
    assert.ok(raw.startsWith('HTTP/1.1 500 Internal Server Error\r\n'), raw);
    assert.equal(headerOf(raw, 'set-cookie'), undefined, raw);
  });
});

describe("timeouts of Node's parser", () => {
  let server: http.Server;
  let timeoutPort: number;
  before(async () => {
    server = http.createServer({ headersTimeout: 100, requestTimeout: 100, connectionsCheckingInterval: 20 });
    server.on('request', (_req, res) => res.end('ok'));
    server.on('clientError', answerClientError);
    timeoutPort = await listen(server);
  });
  after(() => stopServer(server));

  it('answer 408 with a problem to a head that never ends', async () => {
    const connection = await RawConnection.open(timeoutPort);
    connection.write('GET / HTTP/1.1\r\nHost: a\r\n');
    const raw = await connection.untilClosed();
    assert.ok(raw.startsWith('HTTP/1.1 408 Request Timeout\r\n'), raw);
    assert.equal(
      JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)).type,
      'urn:svc:error:SVC_ERR_REQUEST_TIMEOUT',
    );
  });
});
