/** The bookstore example end to end: CRUD, query filters, the bearer guard and a role guard. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { both, json, viaSocket } from './helpers.js';

const root = fileURLToPath(new URL('../../examples/bookstore', import.meta.url));
let app: SvcApp;
let base: string;

before(async () => {
  app = await createTestApp({ root });
  base = (await app.listen({ host: '127.0.0.1', port: 0 })).url;
});
after(() => app.close());

const reader = { Authorization: 'Bearer reader-token' };
const admin = { Authorization: 'Bearer admin-token' };

describe('bearer-token guard, over a real socket', () => {
  test('no Authorization header → 401 Missing or invalid Authorization header', async () => {
    const reply = await viaSocket(base, { method: 'GET', url: '/api/account/me' });
    assert.equal(reply.status, 401);
    assert.equal(reply.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(reply.text, 'Missing or invalid Authorization header');
  });

  test('no Bearer prefix → 401 Missing or invalid Authorization header', async () => {
    const reply = await viaSocket(base, {
      method: 'GET',
      url: '/api/account/me',
      headers: { Authorization: 'Basic abc' },
    });
    assert.equal(reply.status, 401);
    assert.equal(reply.text, 'Missing or invalid Authorization header');
  });

  test('unknown token → 401 Invalid token', async () => {
    const reply = await viaSocket(base, {
      method: 'GET',
      url: '/api/account/me',
      headers: { Authorization: 'Bearer nope' },
    });
    assert.equal(reply.status, 401);
    assert.equal(reply.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(reply.text, 'Invalid token');
  });

  test('valid token → 200 and the handler reads it with @Data()', async () => {
    const reply = await viaSocket(base, { method: 'GET', url: '/api/account/me', headers: reader });
    assert.equal(reply.status, 200);
    assert.equal(reply.text, 'token reader-token');
  });
});

describe('books', () => {
  test('list with author and limit filters', async () => {
    await both(
      app,
      base,
      { method: 'GET', url: '/api/books?author=Ursula%20K.%20Le%20Guin&limit=1' },
      (r) => {
        assert.equal(r.status, 200);
        assert.equal(r.headers['content-type'], 'application/json');
        assert.deepEqual(json(r), [
          { id: '1', title: 'The Left Hand of Darkness', author: 'Ursula K. Le Guin', year: 1969 },
        ]);
      },
    );
    await both(app, base, { method: 'GET', url: '/api/books?limit=x' }, (r) => assert.equal(r.status, 400));
  });

  test('get by id, and 404 for an unknown id', async () => {
    await both(app, base, { method: 'GET', url: '/api/books/3' }, (r) =>
      assert.deepEqual(json(r), { id: '3', title: 'Kindred', author: 'Octavia E. Butler', year: 1979 }),
    );
    await both(app, base, { method: 'GET', url: '/api/books/999' }, (r) => {
      assert.equal(r.status, 404);
      assert.deepEqual(json(r), {
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: 'No book with id 999',
        instance: r.headers['x-request-id'],
      });
    });
  });

  test('create (201), update (PUT, PATCH) and delete (admin only)', async () => {
    const created = await viaSocket(base, {
      method: 'POST',
      url: '/api/books',
      headers: reader,
      body: { title: 'Dawn', author: 'Octavia E. Butler', year: 1987 },
    });
    assert.equal(created.status, 201);
    const id = (json(created) as { id: string }).id;
    assert.deepEqual(json(created), { id, title: 'Dawn', author: 'Octavia E. Butler', year: 1987 });

    const put = await viaSocket(base, {
      method: 'PUT',
      url: `/api/books/${id}`,
      headers: reader,
      body: { title: 'Dawn (Xenogenesis 1)', author: 'Octavia E. Butler', year: 1987 },
    });
    assert.equal(put.status, 200);
    assert.equal((json(put) as { title: string }).title, 'Dawn (Xenogenesis 1)');

    const patch = await viaSocket(base, {
      method: 'PATCH',
      url: `/api/books/${id}`,
      headers: reader,
      body: { year: 1988 },
    });
    assert.deepEqual(json(patch), {
      id,
      title: 'Dawn (Xenogenesis 1)',
      author: 'Octavia E. Butler',
      year: 1988,
    });

    const forbidden = await viaSocket(base, { method: 'DELETE', url: `/api/books/${id}`, headers: reader });
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.text, 'Requires role admin');

    const deleted = await viaSocket(base, { method: 'DELETE', url: `/api/books/${id}`, headers: admin });
    assert.equal(deleted.status, 204);
    assert.equal(deleted.text, '');
    const gone = await viaSocket(base, { method: 'GET', url: `/api/books/${id}` });
    assert.equal(gone.status, 404);
  });

  test('an invalid body is a 400 listing the failing fields', () =>
    both(app, base, { method: 'POST', url: '/api/books', headers: reader, body: { title: 'x' } }, (r) => {
      assert.equal(r.status, 400);
      assert.equal(r.headers['content-type'], 'application/problem+json');
      const body = json(r) as { type: string; errors: { in: string }[] };
      assert.equal(body.type, 'urn:svc:error:SVC_ERR_VALIDATION');
      assert.deepEqual(body.errors, [
        { in: 'body', name: '/author', message: 'is required' },
        { in: 'body', name: '/year', message: 'is required' },
      ]);
    }));

  test('writes without a token are blocked before the body is validated', () =>
    both(app, base, { method: 'POST', url: '/api/books', body: { title: 'x' } }, (r) => {
      assert.equal(r.status, 401);
      assert.equal(r.text, 'Missing or invalid Authorization header');
    }));
});

describe('guards run before the body is read', () => {
  test('a malformed body on a guarded route without a token → 401, not 400', () =>
    both(
      app,
      base,
      {
        method: 'POST',
        url: '/api/books',
        headers: { 'content-type': 'application/json' },
        body: '{"title": ',
      },
      (r) => {
        assert.equal(r.status, 401);
        assert.equal(r.text, 'Missing or invalid Authorization header');
      },
    ));

  test('the same malformed body with a valid token → 400 malformed JSON', () =>
    both(
      app,
      base,
      {
        method: 'POST',
        url: '/api/books',
        headers: { ...reader, 'content-type': 'application/json' },
        body: '{"title": ',
      },
      (r) => {
        assert.equal(r.status, 400);
        assert.equal(r.headers['content-type'], 'application/problem+json');
        assert.equal((json(r) as { type: string }).type, 'urn:svc:error:SVC_ERR_MALFORMED_JSON');
      },
    ));
});
