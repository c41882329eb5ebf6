/**
 * The HTTP QUERY method over real sockets (docs/routing.md): a `@QueryMethod` route binds and
 * validates its body like POST, QUERY on a known path that does not serve it is 405 with `Allow`
 * (in an app with no QUERY route too), OPTIONS and CORS preflights list QUERY only where served,
 * `Expect: 100-continue` gets its `100 Continue` before the body is sent, and QUERY keeps a
 * connection alive and takes a chunked body as Node's own methods do.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseResponses, rawExchange, rawRequest, type RawResponse } from '../custom-methods/raw-client.js';
import { serveFixture } from '../support/served-fixture.js';

const queryApp = serveFixture(fileURLToPath(new URL('../fixtures/query-method/', import.meta.url)));
// No route of this app is a QUERY.
const guarded = serveFixture(fileURLToPath(new URL('../fixtures/apps/guarded/', import.meta.url)));

const FRONT = 'http://front.example';

function portOf(base: string): number {
  return Number(new URL(base).port);
}

function ask(base: string, method: string, target: string, headers: string[] = []): Promise<RawResponse> {
  const head = [`${method} ${target} HTTP/1.1`, 'Host: test', 'Connection: close', ...headers];
  return rawRequest(portOf(base), [`${head.join('\r\n')}\r\n\r\n`]);
}

function query(target: string, body: string, type = 'application/json'): Promise<RawResponse> {
  const headers = [`Content-Type: ${type}`, `Content-Length: ${Buffer.byteLength(body)}`];
  const head = [`QUERY ${target} HTTP/1.1`, 'Host: test', 'Connection: close', ...headers];
  return rawRequest(portOf(queryApp.base), [`${head.join('\r\n')}\r\n\r\n${body}`]);
}

function problemCode(response: RawResponse): string {
  assert.equal(response.headers['content-type'], 'application/problem+json', response.raw);
  return (JSON.parse(response.body) as { type: string }).type.replace('urn:svc:error:', '');
}

describe('QUERY on a path that does not serve it, over raw sockets', () => {
  it('is 405 with the Allow of the GET route in an app with no QUERY route at all', async () => {
    const response = await ask(guarded.base, 'QUERY', '/api/vault/open');
    assert.deepEqual(
      [response.status, response.headers.allow, problemCode(response)],
      [405, 'GET, HEAD, OPTIONS', 'SVC_ERR_METHOD_NOT_ALLOWED'],
    );
  });

  it('is 405 on a GET-only path of an app that serves QUERY elsewhere; Allow leaves QUERY out', async () => {
    const response = await ask(queryApp.base, 'QUERY', '/api/books/1');
    assert.deepEqual(
      [response.status, response.headers.allow, problemCode(response)],
      [405, 'GET, HEAD, OPTIONS', 'SVC_ERR_METHOD_NOT_ALLOWED'],
    );
  });

  it('is 404 on an unknown path, in both apps', async () => {
    for (const base of [guarded.base, queryApp.base]) {
      const response = await ask(base, 'QUERY', '/api/nowhere');
      assert.deepEqual([response.status, problemCode(response)], [404, 'SVC_ERR_NOT_FOUND']);
    }
  });
});

describe('a @QueryMethod route, over raw sockets', () => {
  it('binds a valid body and answers 200 with the handler result', async () => {
    const response = await query('/api/books', JSON.stringify({ author: 'Ursula K. Le Guin' }));
    assert.equal(response.status, 200, response.raw);
    assert.equal(response.headers['content-type'], 'application/json');
    const books = JSON.parse(response.body) as { id: string }[];
    assert.deepEqual(
      books.map((book) => book.id),
      ['3', '1'],
    );
  });

  it('refuses an invalid body with a 400 problem listing every error, and keeps serving', async () => {
    const response = await query('/api/books', JSON.stringify({ author: '', since: 99.5 }));
    assert.equal(response.status, 400);
    assert.equal(problemCode(response), 'SVC_ERR_VALIDATION');
    const { errors } = JSON.parse(response.body) as { errors: { in: string; name: string }[] };
    assert.deepEqual(errors.map((error) => `${error.in} ${error.name}`).sort(), [
      'body /author',
      'body /since',
      'body /since',
    ]);
    assert.ok(!response.body.includes('    at '), 'no stack trace outside dev mode');
    assert.equal((await query('/api/books', '{"author":"Octavia E. Butler"}')).status, 200);
  });

  it('answers malformed JSON 400 and another media type 415, like POST', async () => {
    const malformed = await query('/api/books', '{nope');
    assert.deepEqual([malformed.status, problemCode(malformed)], [400, 'SVC_ERR_MALFORMED_JSON']);
    const text = await query('/api/books', 'author=x', 'text/plain');
    assert.deepEqual([text.status, problemCode(text)], [415, 'SVC_ERR_UNSUPPORTED_MEDIA_TYPE']);
  });

  it('serves two QUERY requests on one kept-alive connection, the second with a chunked body', async () => {
    const first = JSON.stringify({ author: 'Octavia E. Butler' });
    const second = JSON.stringify({ author: 'Ursula K. Le Guin', since: 1972 });
    const chunked = `${second.length.toString(16)}\r\n${second}\r\n0\r\n\r\n`;
    const requests = [
      `QUERY /api/books HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${first.length}\r\n\r\n${first}`,
      `QUERY /api/books HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunked}`,
    ];
    const responses = parseResponses(await rawExchange(portOf(queryApp.base), [requests.join('')]));
    assert.deepEqual(
      responses.map((response) => [
        response.status,
        (JSON.parse(response.body) as { id: string }[]).map((book) => book.id),
      ]),
      [
        [200, ['2']],
        [200, ['1']],
      ],
    );
  });

  it('sends 100 Continue to Expect: 100-continue, then answers the body it asked for', async () => {
    const body = JSON.stringify({ author: 'Octavia E. Butler' });
    const received = await expectingContinue(portOf(queryApp.base), '/api/books', body);
    const interim = 'HTTP/1.1 100 Continue\r\n\r\n';
    assert.ok(received.startsWith(interim), received);
    const [response, ...more] = parseResponses(received.slice(interim.length));
    assert.deepEqual(more, []);
    assert.equal(response?.status, 200, received);
    assert.deepEqual(
      (JSON.parse(response!.body) as { id: string }[]).map((book) => book.id),
      ['2'],
    );
  });
});

describe('OPTIONS and CORS preflights list QUERY only where it is served', () => {
  it('OPTIONS answers 204 with QUERY in Allow on the QUERY path, not on the GET-only one', async () => {
    const served = await ask(queryApp.base, 'OPTIONS', '/api/books');
    assert.deepEqual([served.status, served.headers.allow], [204, 'GET, HEAD, OPTIONS, QUERY']);
    const getOnly = await ask(queryApp.base, 'OPTIONS', '/api/books/1');
    assert.deepEqual([getOnly.status, getOnly.headers.allow], [204, 'GET, HEAD, OPTIONS']);
  });

  it('a preflight asking for QUERY is allowed it on the QUERY path only', async () => {
    const preflight = (target: string) =>
      ask(queryApp.base, 'OPTIONS', target, [
        `Origin: ${FRONT}`,
        'Access-Control-Request-Method: QUERY',
        'Access-Control-Request-Headers: content-type',
      ]);
    const served = await preflight('/api/books');
    assert.deepEqual(
      [
        served.status,
        served.headers['access-control-allow-origin'],
        served.headers['access-control-allow-methods'],
        served.headers['access-control-allow-headers'],
      ],
      [204, FRONT, 'GET, HEAD, OPTIONS, QUERY', 'content-type'],
    );
    const getOnly = await preflight('/api/books/1');
    assert.equal(getOnly.headers['access-control-allow-methods'], 'GET, HEAD, OPTIONS');
  });
});

/**
 * A QUERY that expects `100 Continue`: the head is sent, the body only once the server's interim
 * answer arrived (a server that never sends it leaves the test to time out). Resolves with all
 * the server sent until it closed the connection.
 */
function expectingContinue(port: number, target: string, body: string): Promise<string> {
  const head = [
    `QUERY ${target} HTTP/1.1`,
    'Host: test',
    'Connection: close',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Expect: 100-continue',
  ];
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let bodySent = false;
    socket.setEncoding('latin1');
    socket.on('error', reject);
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (bodySent || !received.includes('\r\n\r\n')) return;
      bodySent = true;
      socket.write(body);
    });
    socket.on('close', () => resolve(received));
    socket.on('connect', () => socket.write(`${head.join('\r\n')}\r\n\r\n`));
  });
}
