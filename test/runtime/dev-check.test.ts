/** The dev-mode response check: the warning line, once per distinct problem, and a cap per route. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileDevResponseCheck, MAX_WARNINGS_PER_ROUTE } from '../../src/runtime/response/dev-check.js';

const route = { method: 'GET', fullPath: '/api/counts', label: 'CountsController.list' };

test('each distinct problem is logged once; matching values log nothing', () => {
  const logs: string[] = [];
  const check = compileDevResponseCheck(route, { type: 'array', items: { type: 'integer' } }, {}, (line) =>
    logs.push(line),
  );
  check([1, 2]);
  check(['a']);
  check(['b']);
  check({});
  assert.deepEqual(logs, [
    'svc: warning: GET /api/counts (CountsController.list) returned a value that does not match its declared type: /0 must be an integer',
    'svc: warning: GET /api/counts (CountsController.list) returned a value that does not match its declared type: (root) must be an array',
  ]);
});

test('a route with ever-new problems goes quiet after the cap, saying so once', () => {
  const logs: string[] = [];
  const open = compileDevResponseCheck(
    route,
    { type: 'object', properties: {}, additionalProperties: false },
    {},
    (line) => logs.push(line),
  );
  for (let i = 0; i < MAX_WARNINGS_PER_ROUTE + 10; i++) open({ [`extra${i}`]: 1 });
  assert.equal(logs.length, MAX_WARNINGS_PER_ROUTE + 1);
  assert.equal(
    logs.at(-1),
    'svc: warning: GET /api/counts (CountsController.list) returned more mismatching values; further ones are not logged',
  );
});
