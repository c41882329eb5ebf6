/** Methods, HEAD, OPTIONS, custom methods (docs/routing.md) and errors (docs/errors.md) over a real socket. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseResponses, rawExchange } from '../custom-methods/raw-client.js';
import { startInProcess, type LiveApp } from './contract-app.js';
import { send } from './openapi-client.js';

const PROBLEM = 'application/problem+json';

describe('contract: routing and errors', () => {
  let live: LiveApp;
  const url = (path: string) => `${live.origin}${path}`;
  const json = (text: Buffer) => JSON.parse(text.toString()) as Record<string, unknown>;

  before(async () => (live = await startInProcess()));
  after(() => live.app.close());

  it('answers HEAD for a GET route: same status and headers, no body', async () => {
    const get = await send('GET', url('/api/users/acme'));
    const head = await send('HEAD', url('/api/users/acme'));
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    assert.equal(head.headers['content-type'], get.headers['content-type']);
    assert.equal(head.headers['content-length'], get.headers['content-length']);
  });

  it('answers OPTIONS with Allow for every path', async () => {
    const response = await send('OPTIONS', url('/api/users/acme/7'));
    assert.equal(response.status, 204);
    assert.equal(response.headers.allow, 'DELETE, GET, HEAD, OPTIONS');
  });

  it('unknown path: 404 problem', async () => {
    const response = await send('GET', url('/api/nope'));
    assert.equal(response.status, 404);
    assert.equal(response.headers['content-type'], PROBLEM);
    assert.equal(json(response.body).status, 404);
  });

  it('known path, wrong method: 405 with Allow', async () => {
    const response = await send('PUT', url('/api/users/acme'));
    assert.equal(response.status, 405);
    assert.equal(response.headers.allow, 'GET, HEAD, OPTIONS, POST');
    assert.equal(response.headers['content-type'], PROBLEM);
  });

  it('a custom method over a raw socket: CUSTOM /api/tools/special', async () => {
    const port = new URL(live.origin).port;
    const raw = await rawExchange(Number(port), [
      'CUSTOM /api/tools/special HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ]);
    const [response] = parseResponses(raw);
    assert.equal(response?.status, 200);
    assert.equal(response?.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(response?.body, 'ok');
  });

  it('malformed JSON: 400', async () => {
    const response = await send(
      'POST',
      url('/api/users/acme'),
      { 'content-type': 'application/json' },
      '{"name":',
    );
    assert.equal(response.status, 400);
    assert.equal(response.headers['content-type'], PROBLEM);
  });

  it('body over the limit: 413', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), role: 'admin' });
    const response = await send(
      'POST',
      url('/api/users/acme'),
      { 'content-type': 'application/json' },
      big,
    ).catch((error: Error) => ({ status: 0, error }));
    assert.equal(response.status, 413);
  });

  it('wrong content type for a JSON body: 415', async () => {
    const response = await send('POST', url('/api/users/acme'), { 'content-type': 'text/plain' }, 'hi');
    assert.equal(response.status, 415);
    assert.equal(response.headers['content-type'], PROBLEM);
  });

  it('invalid input: 400 problem listing each failing input as {in, name, message}', async () => {
    const response = await send(
      'GET',
      url('/api/params/o/query?count=abc&flag=true&since=x&role=boss&priority=1&size=S&tags=a'),
    );
    assert.equal(response.status, 400);
    assert.equal(response.headers['content-type'], PROBLEM);
    const body = json(response.body) as {
      type: string;
      status: number;
      errors: { in: string; name: string; message: string }[];
    };
    assert.equal(body.type, 'urn:svc:error:SVC_ERR_VALIDATION');
    assert.deepEqual(
      body.errors.map((error) => `${error.in} ${error.name}`),
      ['query count', 'query since', 'query role'],
    );
    for (const error of body.errors) assert.equal(typeof error.message, 'string');
  });

  it('a missing required body field is a 400 naming it in the body', async () => {
    const response = await send(
      'POST',
      url('/api/users/acme'),
      { 'content-type': 'application/json' },
      '{"role":"admin"}',
    );
    assert.equal(response.status, 400);
    const body = json(response.body) as { errors: { in: string; name: string }[] };
    assert.deepEqual(
      body.errors.map((error) => error.in),
      ['body'],
    );
  });

  it('an unexpected throw: 500 without a stack or the message', async () => {
    const response = await send('GET', url('/api/lifecycle/crash'));
    assert.equal(response.status, 500);
    assert.equal(response.headers['content-type'], PROBLEM);
    const text = response.body.toString();
    assert.doesNotMatch(text, /secret internals|at .*\.(ts|js):\d+/);
    assert.deepEqual(Object.keys(json(response.body)).sort(), [
      'detail',
      'instance',
      'status',
      'title',
      'type',
    ]);
  });

  it('HttpError and NotFoundError answer their status as a problem', async () => {
    const conflict = await send('GET', url('/api/lifecycle/http-error'));
    assert.equal(conflict.status, 409);
    assert.equal(conflict.headers['content-type'], PROBLEM);
    assert.deepEqual(json(conflict.body), {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'Already there',
      details: { conflictWith: 'x' },
      instance: conflict.headers['x-request-id'],
    });
    const missing = await send('GET', url('/api/lifecycle/not-found/a%20b'));
    assert.equal(missing.status, 404);
    assert.equal(json(missing.body).detail, 'No thing a b');
  });

  it('@Catch turns a thrown error into a response', async () => {
    const response = await send('GET', url('/api/lifecycle/teapot'));
    assert.equal(response.status, 418);
    assert.deepEqual(json(response.body), { caught: 'short and stout' });
  });

  it('the bearer guard: missing header, invalid token, valid token', async () => {
    const missing = await send('GET', url('/api/account/me'));
    assert.equal(missing.status, 401);
    assert.equal(missing.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(missing.body.toString(), 'Missing or invalid Authorization header');
    const notBearer = await send('GET', url('/api/account/me'), { authorization: 'Basic abc' });
    assert.equal(notBearer.body.toString(), 'Missing or invalid Authorization header');
    const invalid = await send('GET', url('/api/account/me'), { authorization: 'Bearer nope' });
    assert.equal(invalid.status, 401);
    assert.equal(invalid.body.toString(), 'Invalid token');
    const valid = await send('GET', url('/api/account/me'), { authorization: 'Bearer reader-token' });
    assert.equal(valid.status, 200);
    assert.equal(valid.body.toString(), 'token reader-token');
  });

  it('@RequireRole("admin") blocks other roles with its own status and JSON body', async () => {
    const reader = await send('GET', url('/api/account/admin'), { authorization: 'Bearer reader-token' });
    assert.equal(reader.status, 403);
    assert.equal(reader.headers['content-type'], 'application/json');
    assert.deepEqual(json(reader.body), { need: 'admin' });
    const admin = await send('GET', url('/api/account/admin'), { authorization: 'Bearer admin-token' });
    assert.deepEqual(json(admin.body), { token: 'admin-token', admin: true });
  });
});
