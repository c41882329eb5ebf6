/** Parameter decorators and return values (docs/routing.md), over a real socket. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startInProcess, type LiveApp } from './contract-app.js';
import { send } from './openapi-client.js';

describe('contract: parameters and return values', () => {
  let live: LiveApp;
  const get = (path: string, headers: Record<string, string> = {}) =>
    send('GET', `${live.origin}/api${path}`, headers);
  const post = (path: string, body: unknown) =>
    send('POST', `${live.origin}/api${path}`, { 'content-type': 'application/json' }, JSON.stringify(body));
  const json = (response: { body: Buffer }) => JSON.parse(response.body.toString()) as unknown;

  before(async () => (live = await startInProcess()));
  after(() => live.app.close());

  it('the UsersController of 2.1: list with limit, get, create 201, async remove', async () => {
    assert.equal((json(await get('/users/acme?limit=1')) as unknown[]).length, 1);
    // The two sample users; none created yet (create runs below).
    assert.deepEqual(
      (json(await get('/users/acme')) as { id: string }[]).map((user) => user.id),
      ['1', '2'],
    );
    const one = json(await get('/users/a%2Fb/u%201')) as { orgId: string; id: string; createdAt: string };
    assert.deepEqual([one.orgId, one.id, one.createdAt], ['a/b', 'u 1', '1970-01-01T00:00:00.000Z']);
    const created = await post('/users/acme', { name: 'Grace', role: 'member' });
    assert.equal(created.status, 201);
    assert.equal((json(created) as { name: string }).name, 'Grace');
    const removed = await send('DELETE', `${live.origin}/api/users/acme/9`);
    assert.deepEqual([removed.status, removed.body.length], [200, 0]);
  });

  it('@Query coerces number, boolean, Date, enum, literal union, repeated keys; defaults apply', async () => {
    const response = await get(
      '/params/o1/query?count=2.5&flag=false&since=2024-05-06T07:08:09Z&role=member&priority=2&size=L&tags=a&tags=b&n=1&n=2',
    );
    assert.equal(response.status, 200);
    assert.deepEqual(json(response), {
      orgId: 'o1',
      count: 2.5,
      flag: false,
      since: '2024-05-06T07:08:09.000Z',
      role: 'member',
      priority: 2,
      size: 'L',
      tags: ['a', 'b'],
      numbers: [1, 2],
      label: 'none',
    });
    const single = json(
      await get('/params/o1/query?count=1&flag=true&since=2024-01-01&role=admin&priority=1&size=S&tags=x'),
    );
    assert.deepEqual((single as { tags: string[] }).tags, ['x']);
  });

  it('@Query() on an object type binds the whole query', async () => {
    assert.deepEqual(json(await get('/params/o/search?q=ada&page=2&exact=true')), {
      q: 'ada',
      page: 2,
      exact: true,
    });
    assert.equal((await get('/params/o/search?page=2')).status, 400);
  });

  it('@Header is case-insensitive and coerced; @Header() uses the parameter name', async () => {
    const response = await get('/params/o/header', {
      'x-count': '7',
      'X-MIXED-case': 'yes',
      accept: 'text/x',
    });
    assert.deepEqual(json(response), { count: 7, mixed: 'yes', accept: 'text/x' });
    assert.equal((await get('/params/o/header', { 'x-count': 'many', 'x-mixed-case': 'y' })).status, 400);
  });

  it('@Cookie binds by name and is coerced', async () => {
    const response = await get('/params/o/cookie', { cookie: 'session=s%201; visits=3; theme=dark' });
    assert.deepEqual(json(response), { session: 's 1', count: 3, theme: 'dark' });
    const problem = json(await get('/params/o/cookie', { cookie: 'visits=x' })) as {
      errors: { in: string; name: string }[];
    };
    assert.deepEqual(problem.errors.map((e) => `${e.in} ${e.name}`).sort(), [
      'cookie session',
      'cookie visits',
    ]);
  });

  it('@Body() and @Body(["q"]) with a nested key path', async () => {
    assert.deepEqual(json(await post('/params/o/body', { name: 'Ada', role: 'admin' })), {
      name: 'Ada',
      role: 'admin',
    });
    assert.deepEqual(json(await post('/params/o/body-path', { q: 'find', filter: { limit: 3 } })), {
      q: 'find',
      limit: 3,
    });
    assert.equal((await post('/params/o/body-path', { filter: {} })).status, 400);
  });

  it('@Data() by parameter name and @Data(key); @Ctx() the request context', async () => {
    assert.deepEqual(json(await get('/params/o/data', { 'x-request-id': 'r-1' })), {
      requestId: 'r-1',
      attempt: 1,
    });
    assert.deepEqual(json(await get('/params/o%20x/ctx?a=1&a=2&b=3')), {
      method: 'GET',
      path: '/api/params/o%20x/ctx',
      query: { a: ['1', '2'], b: '3' },
      params: { orgId: 'o x' },
      requestId: 'generated',
    });
  });

  const returns: [string, number, string | undefined, string][] = [
    ['string', 200, 'text/plain; charset=utf-8', 'plain text'],
    ['object', 200, 'application/json', '{"a":1,"b":"two"}'],
    ['array', 200, 'application/json', '[1,2,3]'],
    ['number', 200, 'application/json', '42'],
    ['boolean', 200, 'application/json', 'false'],
    ['null', 200, 'application/json', 'null'],
    ['void', 200, undefined, ''],
    ['void-status', 204, undefined, ''],
    ['promise', 200, 'application/json', '{"ok":true}'],
    ['promise-string', 200, 'text/plain; charset=utf-8', 'later'],
    [
      'rich',
      200,
      'application/json',
      '{"at":"2024-01-02T03:04:05.000Z","counts":{"a":1},"tags":["x","y"],"big":9007199254740993,"nested":{"when":["1970-01-01T00:00:00.000Z"]}}',
    ],
  ];
  for (const [path, status, contentType, body] of returns) {
    it(`returns ${path}: ${status} ${contentType ?? '(no content type)'}`, async () => {
      const response = await get(`/returns/${path}`);
      assert.deepEqual(
        [response.status, response.headers['content-type'], response.body.toString()],
        [status, contentType, body],
      );
    });
  }

  it('returns Uint8Array and Buffer as application/octet-stream', async () => {
    const bytes = await get('/returns/bytes');
    assert.deepEqual(
      [bytes.status, bytes.headers['content-type'], [...bytes.body]],
      [200, 'application/octet-stream', [1, 2, 3]],
    );
    const buffer = await get('/returns/buffer');
    assert.deepEqual(
      [buffer.headers['content-type'], buffer.body.toString()],
      ['application/octet-stream', 'buf'],
    );
  });

  it('injects providers: useValue, useFactory and a registered class', async () => {
    assert.deepEqual(json(await get('/books')), [{ id: '1', title: 'Kindred' }]);
    assert.equal((await get('/books/role')).body.toString(), 'admin');
    assert.equal((json(await get('/returns/rich')) as { at: string }).at, '2024-01-02T03:04:05.000Z');
  });
});
