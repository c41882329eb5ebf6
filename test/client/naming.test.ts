/**
 * The naming rules of the typed client (docs/client.md, "Names"), on app models written by hand:
 * controller and method names, argument names, unbound path segments, hidden routes, optional
 * argument objects, and schema names that would clash with the client's own names.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateClient } from '../../src/client-gen/index.js';
import { apiLines, controller, model, param, route } from './hand-models.js';

describe('client names', () => {
  it('uses the operation-id base in camelCase for the controller and the handler name for the method', () => {
    const text = generateClient(
      model([
        controller('BookReviewsController', 'book_reviews', [
          route('listAll', '/api/books/:bookId/reviews', [
            param('bookId', 'path'),
            param('max', 'query', { key: 'limit', required: false, schema: { type: 'integer' } }),
          ]),
          route('delete', '/api/books/:bookId/reviews/:id', [
            param('bookId', 'path'),
            param('reviewId', 'path', { key: 'id' }),
          ]),
        ]),
        controller('HTTPStatusController', 'http_status', [route('ping', '/api/status', [])]),
      ]),
    );
    assert.deepEqual(apiLines(text), [
      'bookReviews: {',
      'listAll(args: { bookId: string; max?: number; }, call?: CallOptions): Promise<string>;',
      'delete(args: { bookId: string; reviewId: string; }, call?: CallOptions): Promise<string>;',
      '};',
      'httpStatus: {',
      'ping(call?: CallOptions): Promise<string>;',
      '};',
    ]);
    assert.match(
      text,
      /delete: \(args, call\) => callOperation\(options, \{ id: "bookReviews\.delete", method: "GET", path: "\/books\/:bookId\/reviews\/:id", args: \[\["bookId","path","bookId"\], \["reviewId","path","id"\]\]/,
    );
  });

  it('takes an unbound path segment under its own name, leaves hidden routes out, and makes an all-optional argument optional', () => {
    const hidden = route('secret', '/api/things/secret', []);
    hidden.doc.hidden = true;
    const text = generateClient(
      model([
        controller('ThingsController', 'things', [
          route('find', '/api/things/:kind/:id', [param('id', 'path')]),
          route('search', '/api/things', [
            param('q', 'query', { required: false }),
            param('token', 'data', { schema: {} }),
          ]),
          hidden,
        ]),
      ]),
    );
    assert.deepEqual(apiLines(text), [
      'things: {',
      'find(args: { id: string; kind: string; }, call?: CallOptions): Promise<string>;',
      'search(args?: { q?: string; }, call?: CallOptions): Promise<string>;',
      '};',
    ]);
  });

  it('puts two controllers with one base (Books, BooksController) under one property', () => {
    const text = generateClient(
      model([
        controller('BooksController', 'books', [route('list', '/api/books', [])]),
        controller('Books', 'books', [route('count', '/api/books/count', [])]),
      ]),
    );
    assert.deepEqual(apiLines(text), [
      'books: {',
      'list(call?: CallOptions): Promise<string>;',
      'count(call?: CallOptions): Promise<string>;',
      '};',
    ]);
  });

  it('renames a schema that would clash with an export of the client', () => {
    const text = generateClient(
      model(
        [
          controller('ApiController', 'api', [
            route('get', '/api/api', [], {
              returns: { kind: 'json', schema: { $ref: '#/components/schemas/ApiError' } },
            }),
          ]),
        ],
        { ApiError: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } },
      ),
    );
    assert.match(text, /^export type ApiError_ = \{ code: string; \};$/m);
    assert.deepEqual(apiLines(text), ['api: {', 'get(call?: CallOptions): Promise<ApiError_>;', '};']);
  });

  it('renames a schema named like a function or type the client declares for itself', () => {
    const text = generateClient(
      model(
        [
          controller('ToolsController', 'tools', [
            route('get', '/api/tools', [], {
              returns: { kind: 'json', schema: { $ref: '#/components/schemas/send' } },
            }),
          ]),
        ],
        { send: { type: 'string', enum: ['now', 'later'], svc: { enumNames: ['Now', 'Later'] } } },
      ),
    );
    assert.match(text, /^export const send_ = \{ Now: "now", Later: "later" \} as const;$/m);
    assert.match(text, /^async function send\(/m);
  });
});
