/**
 * The behaviour every Router implementation must show. `test/router/router.test.ts` runs it
 * against RadixRouter and ReferenceRouter; a new implementation only needs one more call.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SvcError } from '../../src/runtime/errors/svc-error.js';
import type { Router } from '../../src/runtime/router/types.js';

export type RouterFactory = () => Router<string>;

type RouteRow = readonly [method: string, pattern: string, value: string];

export function describeRouterBehaviour(name: string, factory: RouterFactory): void {
  describe(`${name}: router behaviour`, () => {
    describeStaticAndParams(factory);
    describePriority(factory);
    describeSegmentRules(factory);
    describeTrailingSlashes(factory);
    describeEntries(factory);
    describeRegistrationErrors(factory);
    describeManyRoutes(factory);
  });
}

function routerWith(factory: RouterFactory, rows: readonly RouteRow[]): Router<string> {
  const router = factory();
  for (const [method, pattern, value] of rows) router.add(method, pattern, value, value);
  return router;
}

/** Asserts `path` matches the entry holding `value` for `method`, with these raw params. */
function expectMatch(router: Router<string>, path: string, method: string, value: string, params: string[]) {
  const match = router.match(path);
  assert.ok(match, `${path} should match`);
  assert.equal(match.entry.handlers.get(method), value, `${path} should reach ${value}`);
  assert.deepEqual(match.params, params, `params of ${path}`);
}

function expectNoMatch(router: Router<string>, ...paths: string[]) {
  for (const path of paths) assert.equal(router.match(path), undefined, `${path} should not match`);
}

function describeStaticAndParams(factory: RouterFactory) {
  it('matches static paths exactly, the root included', () => {
    const router = routerWith(factory, [
      ['GET', '/', 'root'],
      ['GET', '/api/books', 'books'],
      ['GET', '/api/books/recent', 'recent'],
    ]);
    expectMatch(router, '/', 'GET', 'root', []);
    expectMatch(router, '/api/books', 'GET', 'books', []);
    expectMatch(router, '/api/books/recent', 'GET', 'recent', []);
    expectNoMatch(router, '/api', '/api/books/recent/x', '/api/book', '/nope', '', '*', 'api/books');
  });

  it('matches one and several :param segments, returning the values in pattern order', () => {
    const router = routerWith(factory, [
      ['GET', '/users/:id', 'user'],
      ['GET', '/orgs/:org/repos/:repo/issues/:n', 'issue'],
    ]);
    expectMatch(router, '/users/42', 'GET', 'user', ['42']);
    expectMatch(router, '/orgs/acme/repos/svc/issues/7', 'GET', 'issue', ['acme', 'svc', '7']);
    expectNoMatch(router, '/users', '/users/42/x', '/orgs/acme/repos/svc/issues', '/orgs/acme/repos/svc');
  });

  it('matches params that came from a controller base path (already joined)', () => {
    const router = routerWith(factory, [
      ['GET', '/api/users/:orgId', 'list'],
      ['GET', '/api/users/:orgId/:id', 'get'],
    ]);
    expectMatch(router, '/api/users/acme', 'GET', 'list', ['acme']);
    expectMatch(router, '/api/users/acme/7', 'GET', 'get', ['acme', '7']);
  });

  it('returns params raw: still percent-encoded, case kept', () => {
    const router = routerWith(factory, [['GET', '/files/:name', 'file']]);
    expectMatch(router, '/files/a%20b', 'GET', 'file', ['a%20b']);
    expectMatch(router, '/files/a%2Fb', 'GET', 'file', ['a%2Fb']);
    expectMatch(router, '/files/AbC', 'GET', 'file', ['AbC']);
    expectMatch(router, '/files/%E2%9C%93', 'GET', 'file', ['%E2%9C%93']);
  });
}

function describePriority(factory: RouterFactory) {
  it('prefers a static segment over a param at the same position, whatever the order added', () => {
    for (const rows of [
      [['GET', '/users/me', 'me'] as const, ['GET', '/users/:id', 'user'] as const],
      [['GET', '/users/:id', 'user'] as const, ['GET', '/users/me', 'me'] as const],
    ]) {
      const router = routerWith(factory, rows);
      expectMatch(router, '/users/me', 'GET', 'me', []);
      expectMatch(router, '/users/you', 'GET', 'user', ['you']);
    }
  });

  it('prefers the leftmost static segment when two param patterns both match', () => {
    const router = routerWith(factory, [
      ['GET', '/a/:x/c', 'x-then-c'],
      ['GET', '/a/b/:y', 'b-then-y'],
    ]);
    expectMatch(router, '/a/b/c', 'GET', 'b-then-y', ['c']);
    expectMatch(router, '/a/z/c', 'GET', 'x-then-c', ['z']);
  });

  it('backs out of a static branch that dead-ends and tries the param', () => {
    const router = routerWith(factory, [
      ['GET', '/users/me/:tab/edit', 'my-tab'],
      ['GET', '/users/:id/posts', 'posts'],
      ['GET', '/files/:a/x/:b/end', 'deep'],
      ['GET', '/files/:a/:c/y', 'shallow'],
    ]);
    expectMatch(router, '/users/me/posts', 'GET', 'posts', ['me']);
    expectMatch(router, '/users/me/info/edit', 'GET', 'my-tab', ['info']);
    expectMatch(router, '/files/1/x/y', 'GET', 'shallow', ['1', 'x']);
    expectMatch(router, '/files/1/x/y/end', 'GET', 'deep', ['1', 'y']);
    expectNoMatch(router, '/files/1/x/z', '/users/me/info');
  });

  it('backs out of a static-only branch to a param pattern', () => {
    const router = routerWith(factory, [
      ['GET', '/users/me/settings', 'settings'],
      ['GET', '/users/:id/posts', 'posts'],
    ]);
    expectMatch(router, '/users/me/posts', 'GET', 'posts', ['me']);
    expectMatch(router, '/users/me/settings', 'GET', 'settings', []);
  });
}

function describeSegmentRules(factory: RouterFactory) {
  it('matches case-sensitively', () => {
    const router = routerWith(factory, [
      ['GET', '/users/:id', 'lower'],
      ['GET', '/Users', 'upper'],
    ]);
    expectMatch(router, '/Users', 'GET', 'upper', []);
    expectNoMatch(router, '/USERS/1', '/users', '/uSers/1');
  });

  it('lets a param match exactly one non-empty segment', () => {
    const router = routerWith(factory, [['GET', '/users/:id', 'user']]);
    expectNoMatch(router, '/users/', '/users//', '/users/1/2', '/users//1');
  });

  it('never matches paths with empty segments', () => {
    const router = routerWith(factory, [
      ['GET', '/a/b', 'static'],
      ['GET', '/p/:x/q', 'param'],
      ['GET', '/', 'root'],
    ]);
    expectNoMatch(router, '/a//b', '//a/b', '/a/b//', '/p//q', '/p/1//q', '//');
  });
}

function describeTrailingSlashes(factory: RouterFactory) {
  it('ignores one trailing slash on request paths, except on the root', () => {
    const router = routerWith(factory, [
      ['GET', '/', 'root'],
      ['GET', '/api/books', 'books'],
      ['GET', '/api/books/:id', 'book'],
    ]);
    expectMatch(router, '/api/books/', 'GET', 'books', []);
    expectMatch(router, '/api/books/7/', 'GET', 'book', ['7']);
    expectNoMatch(router, '/api/books//', '/api/books/7//', '//');
  });

  it('ignores one trailing slash on patterns', () => {
    const router = routerWith(factory, [
      ['GET', '/api/books/', 'books'],
      ['GET', '/api/books/:id/', 'book'],
    ]);
    expectMatch(router, '/api/books', 'GET', 'books', []);
    expectMatch(router, '/api/books/', 'GET', 'books', []);
    expectMatch(router, '/api/books/7', 'GET', 'book', ['7']);
    assert.throws(
      () => router.add('GET', '/api/books', 'again', 'again'),
      svcError('SVC_ERR_DUPLICATE_ROUTE'),
    );
    router.add('POST', '/api/books', 'create', 'create');
    expectMatch(router, '/api/books/', 'POST', 'create', []);
  });
}

function describeEntries(factory: RouterFactory) {
  it('lists the allowed methods sorted, with HEAD for GET and OPTIONS always', () => {
    const router = routerWith(factory, [
      ['POST', '/u', 'create'],
      ['GET', '/u', 'list'],
      ['DELETE', '/d', 'remove'],
      ['CUSTOM', '/c/:id', 'custom'],
      ['PUT', '/p/:id', 'put'],
      ['PATCH', '/p/:id', 'patch'],
      ['GET', '/p/:id', 'get'],
    ]);
    assert.equal(router.match('/u')?.entry.allow, 'GET, HEAD, OPTIONS, POST');
    assert.equal(router.match('/d')?.entry.allow, 'DELETE, OPTIONS');
    assert.equal(router.match('/c/1')?.entry.allow, 'CUSTOM, OPTIONS');
    assert.equal(router.match('/p/1')?.entry.allow, 'GET, HEAD, OPTIONS, PATCH, PUT');
  });

  it('stores methods upper case', () => {
    const router = routerWith(factory, [['get', '/u', 'list']]);
    expectMatch(router, '/u', 'GET', 'list', []);
    assert.equal(router.match('/u')?.entry.allow, 'GET, HEAD, OPTIONS');
  });

  it('shares one entry between patterns of one shape with different param names', () => {
    const router = routerWith(factory, [
      ['GET', '/u/:id', 'get'],
      ['DELETE', '/u/:userId', 'remove'],
    ]);
    const match = router.match('/u/9');
    assert.ok(match);
    assert.deepEqual(
      [...match.entry.handlers],
      [
        ['GET', 'get'],
        ['DELETE', 'remove'],
      ],
    );
    assert.equal(match.entry.allow, 'DELETE, GET, HEAD, OPTIONS');
    assert.deepEqual(match.params, ['9']);
    assert.equal(router.match('/u/10')?.entry, match.entry);
  });
}

/** An assert.throws matcher for an SvcError with this code whose message holds every fragment. */
function svcError(code: string, ...fragments: string[]) {
  return (error: unknown) => {
    assert.ok(error instanceof SvcError, `expected an SvcError, got ${String(error)}`);
    assert.equal(error.code, code);
    for (const fragment of fragments)
      assert.ok(error.message.includes(fragment), `"${fragment}" in ${error.message}`);
    return true;
  };
}

function describeRegistrationErrors(factory: RouterFactory) {
  it('rejects a second handler for the same method and shape, naming both', () => {
    const router = factory();
    router.add('GET', '/u/:id', 'a', 'UsersController.get');
    router.add('GET', '/s', 's', 'StatusController.get');
    const duplicate = svcError('SVC_ERR_DUPLICATE_ROUTE', 'UsersController.get', 'AdminController.show');
    assert.throws(() => router.add('GET', '/u/:userId', 'b', 'AdminController.show'), duplicate);
    assert.throws(
      () => router.add('GET', '/s/', 't', 'OtherController.status'),
      svcError('SVC_ERR_DUPLICATE_ROUTE', 'StatusController.get', 'OtherController.status'),
    );
    expectMatch(router, '/u/1', 'GET', 'a', ['1']);
  });

  it('rejects malformed patterns and methods, naming the handler', () => {
    const router = factory();
    const cases: RouteRow[] = [
      ['GET', '/u/:', 'empty name'],
      ['GET', '/u/:/x', 'empty name inside'],
      ['GET', '/u/:id/:id', 'repeated name'],
      ['GET', '/a//b', 'empty segment'],
      ['GET', 'users', 'no leading slash'],
      ['GET', '', 'empty pattern'],
      ['GET', '/a?b=1', 'query'],
      ['', '/ok', 'empty method'],
      ['GE T', '/ok', 'space in method'],
    ];
    for (const [method, pattern, label] of cases) {
      assert.throws(
        () => router.add(method, pattern, label, label),
        svcError('SVC_ERR_INVALID_ROUTE', label),
      );
    }
    expectNoMatch(router, '/u/x', '/u/x/x', '/a/b', '/ok', '/users');
  });
}

function describeManyRoutes(factory: RouterFactory) {
  it('registers 500 routes and matches every one of them', () => {
    const rows: RouteRow[] = [];
    const requests: [path: string, value: string, params: string[]][] = [];
    for (let i = 0; i < 100; i++) {
      const shapes: [pattern: string, path: string, params: string[]][] = [
        [`/api/r${i}`, `/api/r${i}`, []],
        [`/api/r${i}/items`, `/api/r${i}/items/`, []],
        [`/api/r${i}/items/:id`, `/api/r${i}/items/${i}x`, [`${i}x`]],
        [`/api/r${i}/:owner/items/:id`, `/api/r${i}/o${i}/items/7`, [`o${i}`, '7']],
        [`/api/orgs/:org/r${i}`, `/api/orgs/acme/r${i}`, ['acme']],
      ];
      for (const [pattern, path, params] of shapes) {
        rows.push(['GET', pattern, pattern]);
        requests.push([path, pattern, params]);
      }
    }
    const router = routerWith(factory, rows);
    assert.equal(requests.length, 500);
    for (const [path, value, params] of requests) expectMatch(router, path, 'GET', value, params);
    expectNoMatch(router, '/api/r100', '/api/r5/items/1/2', '/api/orgs/acme/r100', '/api/r5/o/items');
  });
}
