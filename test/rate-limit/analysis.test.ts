/** A bad @RateLimit literal is an analysis error with its code, file and line; a good one is in the model. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject } from '../../src/entries/openapi.js';

test('a window, a limit or a key svc cannot read is SVC_ERR_INVALID_RATE_LIMIT at its line', () => {
  const result = analyzeProject({ root: fileURLToPath(new URL('./invalid', import.meta.url)) });
  const found = result.diagnostics.map(({ code, file, line, message }) => ({ code, file, line, message }));
  const at = (line: number, message: string) => ({
    code: 'SVC_ERR_INVALID_RATE_LIMIT',
    file: 'src/bad.controller.ts',
    line,
    message,
  });
  assert.deepEqual(found, [
    at(
      6,
      `@RateLimit window must be a positive whole number of ms up to 2147483647, or a duration such as '500ms', '30s', '1m', '1h' (got "5 minutes")`,
    ),
    at(12, '@RateLimit limit must be a positive integer (got 0)'),
    at(19, `@RateLimit key must be 'ip', 'user', { data: 'name' } or a function (got "session")`),
  ]);
});

test('the model records each route under the nearest @RateLimit, by where it is written', () => {
  const result = analyzeProject({ root: fileURLToPath(new URL('./fixture', import.meta.url)) });
  assert.deepEqual(result.diagnostics, []);
  const limits = Object.fromEntries(
    (result.model?.controllers ?? []).flatMap((controller) =>
      controller.routes.map((route) => [route.fullPath, route.rateLimit]),
    ),
  );
  assert.deepEqual(limits, {
    '/api/limited/hello': { policy: 'app', limit: 3, windowMs: 60_000, key: 'ip' },
    '/api/limited/notes': { policy: 'app', limit: 3, windowMs: 60_000, key: 'ip' },
    '/api/limited/free': undefined,
    '/api/limited/short': { policy: 'LimitedController.short', limit: 2, windowMs: 300, key: 'ip' },
    '/api/users/me': { policy: 'UsersController', limit: 2, windowMs: 3_600_000, key: 'user' },
    '/api/tenants': { policy: 'TenantsController.list', limit: 2, windowMs: 3_600_000, key: 'function' },
  });
});
