import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { joinRoutePath, paramNames, stripTrailingSlash } from '../../src/model/route-paths.js';

describe('joinRoutePath', () => {
  it('joins prefix, controller path and route path with single slashes', () => {
    assert.equal(joinRoutePath('/api', 'users/:orgId', ''), '/api/users/:orgId');
    assert.equal(joinRoutePath('/api', 'users/:orgId', ':id'), '/api/users/:orgId/:id');
    assert.equal(joinRoutePath('/api/', '/hello/', '/greet/'), '/api/hello/greet');
    assert.equal(joinRoutePath('api', 'a//b', 'c'), '/api/a/b/c');
  });

  it('gives the root for empty parts and never a trailing slash', () => {
    assert.equal(joinRoutePath('', '', ''), '/');
    assert.equal(joinRoutePath('/', '/', '/'), '/');
    assert.equal(joinRoutePath('', 'status', ''), '/status');
    assert.equal(joinRoutePath('/api', '', ''), '/api');
    assert.equal(joinRoutePath('', '', 'x/'), '/x');
  });
});

describe('paramNames', () => {
  it('lists the :param names in pattern order', () => {
    assert.deepEqual(paramNames('/api/users/:orgId/:id'), ['orgId', 'id']);
    assert.deepEqual(paramNames('/api/users/:orgId/posts/:postId/'), ['orgId', 'postId']);
  });

  it('is empty for static patterns', () => {
    assert.deepEqual(paramNames('/'), []);
    assert.deepEqual(paramNames('/api/a:b'), []);
  });
});

describe('stripTrailingSlash', () => {
  it('drops one trailing slash except on the root', () => {
    assert.equal(stripTrailingSlash('/api/books/'), '/api/books');
    assert.equal(stripTrailingSlash('/api/books'), '/api/books');
    assert.equal(stripTrailingSlash('/api/books//'), '/api/books/');
    assert.equal(stripTrailingSlash('/'), '/');
    assert.equal(stripTrailingSlash('//'), '//');
  });
});
