/**
 * 404, 405 and 501 over raw sockets (docs/routing.md, "Methods on a known path"): on a known
 * path every method of RFC 9110 and PATCH that the path does not answer is 405 with `Allow`,
 * whether or not another route of the app uses it (TRACE and CONNECT included: Node hands CONNECT
 * to a separate listener); a method token no route declares is 501; an unknown path is 404.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { rawRequest, type RawResponse } from '../custom-methods/raw-client.js';
import { serveFixture } from '../support/served-fixture.js';

const bookstore = serveFixture(fileURLToPath(new URL('../../examples/bookstore/', import.meta.url)));
// No route of this app is a PUT, PATCH or DELETE.
const guarded = serveFixture(fileURLToPath(new URL('../fixtures/apps/guarded/', import.meta.url)));

function ask(base: string, method: string, target: string): Promise<RawResponse> {
  const port = Number(new URL(base).port);
  return rawRequest(port, [`${method} ${target} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n`]);
}

function assertProblem(response: RawResponse, status: number, code: string): void {
  assert.equal(response.status, status);
  assert.equal(response.headers['content-type'], 'application/problem+json');
  assert.equal(JSON.parse(response.body).type.endsWith(code), true, response.body);
}

describe('methods on a known path, over raw sockets', () => {
  it('every RFC 9110 method /api/books does not answer is 405 with Allow', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'TRACE', 'CONNECT']) {
      const response = await ask(bookstore.base, method, '/api/books');
      assertProblem(response, 405, 'SVC_ERR_METHOD_NOT_ALLOWED');
      assert.equal(response.headers.allow, 'GET, HEAD, OPTIONS, POST', method);
    }
  });

  it('GET, HEAD and OPTIONS are answered there; OPTIONS lists the same Allow', async () => {
    assert.equal((await ask(bookstore.base, 'GET', '/api/books')).status, 200);
    assert.equal((await ask(bookstore.base, 'HEAD', '/api/books')).status, 200);
    const options = await ask(bookstore.base, 'OPTIONS', '/api/books');
    assert.deepEqual([options.status, options.headers.allow], [204, 'GET, HEAD, OPTIONS, POST']);
  });

  it('PUT, PATCH and DELETE are 405 in an app with no route of those methods', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'TRACE', 'CONNECT']) {
      const response = await ask(guarded.base, method, '/api/vault/open');
      assertProblem(response, 405, 'SVC_ERR_METHOD_NOT_ALLOWED');
      assert.equal(response.headers.allow, 'GET, HEAD, OPTIONS', method);
    }
  });

  it('a method token no route declares is 501; an unknown path is 404 for any method', async () => {
    assertProblem(await ask(bookstore.base, 'BOGUS', '/api/books'), 501, 'SVC_ERR_NOT_IMPLEMENTED');
    for (const method of ['GET', 'TRACE', 'PUT']) {
      assertProblem(await ask(bookstore.base, method, '/api/nowhere'), 404, 'SVC_ERR_NOT_FOUND');
    }
  });

  it('CONNECT to an authority (host:port) is a 400 problem, never a dropped connection', async () => {
    assertProblem(await ask(bookstore.base, 'CONNECT', 'example.com:443'), 400, 'SVC_ERR_BAD_PATH');
  });
});
