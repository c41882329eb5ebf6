/**
 * The document-truth fixture on a real port: each answer document-facts.test.ts reads in the
 * document is what the wire carries (status and content type), and the unbound segments are served.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { rawRequest } from '../custom-methods/raw-client.js';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/document/app/', import.meta.url));
const served = serveFixture(root);

interface Answer {
  status: number;
  type: string | null;
  text: string;
}

async function send(
  method: string,
  path: string,
  init: { body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${served.base}/api${path}`, {
    method,
    body: init.body,
    headers: init.headers,
  });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

const BEARER = { authorization: 'Bearer good', 'content-type': 'application/json' };
const PROBLEM = 'application/problem+json';
const json = (value: unknown) => JSON.stringify(value);

describe('the document-truth fixture on the wire', () => {
  it('serves an HTTP route whose :part no @Param binds', async () => {
    assert.deepEqual(await send('GET', '/things/1/parts/wheel'), {
      status: 200,
      type: 'text/plain; charset=utf-8',
      text: '1/wheel',
    });
  });

  it('serves a WebSocket route whose :room no @Param binds', async () => {
    const socket = new WebSocket(`${served.base.replace('http', 'ws')}/api/things/echo/lobby`);
    const [message] = (await once(socket, 'message')) as [Buffer];
    assert.equal(message.toString(), 'room lobby');
    socket.close();
    await once(socket, 'close');
  });

  it('answers a plain GET to the WebSocket route 426 problem+json', async () => {
    const answer = await send('GET', '/things/echo/lobby');
    assert.equal(answer.status, 426);
    assert.equal(answer.type, PROBLEM);
  });

  it('keeps a close the client asked for on the 426: Connection: Upgrade, close, and closes', async () => {
    const port = Number(new URL(served.base).port);
    const request = 'GET /api/things/echo/lobby HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n';
    const answer = await rawRequest(port, [request]);
    assert.equal(answer.status, 426);
    assert.deepEqual([answer.headers.upgrade, answer.headers.connection], ['websocket', 'Upgrade, close']);
  });

  it('answers the thrown statuses as problem+json', async () => {
    const cases: [string, string, string | undefined, Record<string, string>, number][] = [
      ['GET', '/things/9', undefined, {}, 404],
      ['POST', '/things', json({ id: '1', name: 'again' }), BEARER, 409],
      ['POST', '/things', json({ id: '7', name: ' ' }), BEARER, 422],
      ['POST', '/things', json({ id: '0', name: 'zero' }), BEARER, 423],
      ['PUT', '/things/old?key=k1', json({ id: 'old', name: 'x' }), BEARER, 410],
      ['PUT', '/things/9?key=k1', json({ id: '9', name: 'x' }), BEARER, 404],
    ];
    for (const [method, path, body, headers, status] of cases) {
      const answer = await send(method, path, { body, headers });
      assert.deepEqual([answer.status, answer.type], [status, PROBLEM], `${method} ${path}`);
      assert.equal(JSON.parse(answer.text).status, status);
    }
  });

  it('answers 413 over the body limit and 415 for another media type, as problem+json', async () => {
    const big = await send('POST', '/things', {
      body: json({ id: '5', name: 'x'.repeat(2000) }),
      headers: BEARER,
    });
    assert.deepEqual([big.status, big.type], [413, PROBLEM]);
    const text = await send('POST', '/things', {
      body: 'id=5',
      headers: { authorization: 'Bearer good', 'content-type': 'text/plain' },
    });
    assert.deepEqual([text.status, text.type], [415, PROBLEM]);
  });

  it('asks for both credentials on the route both components cover', async () => {
    const body = json({ id: '1', name: 'one' });
    const noKey = await send('PUT', '/things/1', { body, headers: BEARER });
    assert.equal(noKey.status, 403);
    const noToken = await send('PUT', '/things/1?key=k1', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    assert.deepEqual([noToken.status, noToken.type], [401, 'text/plain; charset=utf-8']);
    assert.equal((await send('PUT', '/things/1?key=k1', { body, headers: BEARER })).status, 200);
  });
});
