/**
 * Absolute-form request targets (`GET http://host/path HTTP/1.1`, RFC 9112 §3.2.2: a server must
 * accept them) are served by their path and query, on Node's path and on the custom-method path
 * alike. Raw sockets against a real app.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseResponses } from './raw-client.js';
import { RawConnection } from '../security/raw-connection.js';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/custom-methods/app', import.meta.url));
const served = serveFixture(root);

/** Status and body of the one answer to `method target`, on a connection of its own. */
async function answer(method: string, target: string): Promise<[number, string]> {
  const connection = await RawConnection.open(Number(new URL(served.base).port));
  connection.write(`${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  const responses = parseResponses(await connection.untilClosed());
  assert.equal(responses.length, 1);
  return [responses[0]!.status, responses[0]!.body];
}

function problemDetail(body: string): string {
  return (JSON.parse(body) as { detail: string }).detail;
}

it('routes a known method with an absolute-form target on its path', async () => {
  assert.deepEqual(await answer('GET', 'http://x/api/tools/open'), [200, 'open answer']);
  assert.deepEqual(await answer('GET', 'HTTPS://other.example:8443/api/tools/open?q=1'), [
    200,
    'open answer',
  ]);
});

it('routes a custom method with an absolute-form target on its path', async () => {
  assert.deepEqual(await answer('CUSTOM', 'http://x/api/tools/secret'), [200, 'secret answer']);
  assert.deepEqual(await answer('VIEW', 'https://x:1/api/tools/secret?q=1'), [200, 'secret view']);
});

it('takes an empty path as /', async () => {
  for (const [method, target] of [
    ['GET', 'http://x'],
    ['GET', 'http://x?q=1'],
    ['CUSTOM', 'http://x'],
  ]) {
    const [status, body] = await answer(method!, target!);
    assert.deepEqual(
      [method, target, status, problemDetail(body)],
      [method, target, 404, 'No route matches /.'],
    );
  }
});

it('still refuses a target that is neither a path nor an http(s) URI', async () => {
  const [status, body] = await answer('GET', 'ftp://x/api/tools/open');
  assert.deepEqual([status, JSON.parse(body).type], [400, 'urn:svc:error:SVC_ERR_BAD_PATH']);
  const [customStatus] = await answer('CUSTOM', 'ftp://x/api/tools/secret');
  assert.equal(customStatus, 400);
});
