/**
 * The model and the code must agree on every route's @RateLimit: a disagreement stops start-up,
 * named. Runs the built package (npm run build), as the fixture's modules do.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject } from '../../src/entries/openapi.js';
import type { AppModel } from '../../src/model/app-model.js';
// The fixture's modules import 'svcjs' (this package, built): the app must be made by the same copy.
import { createApp } from 'svcjs';

const root = fileURLToPath(new URL('./fixture', import.meta.url));

function analyzed(): AppModel {
  const result = analyzeProject({ root });
  assert.deepEqual(result.diagnostics, []);
  return result.model as AppModel;
}

function route(model: AppModel, path: string) {
  const found = model.controllers.flatMap((controller) => controller.routes).find((r) => r.fullPath === path);
  assert.ok(found, path);
  return found;
}

test('a limit the model does not know, or one it records otherwise, is SVC_ERR_MODEL_STALE at the route', async () => {
  const model = analyzed();
  delete route(model, '/api/limited/short').rateLimit;
  await assert.rejects(createApp({ model, root, log: () => {} }), (error: Error) => {
    assert.match(
      error.message,
      /LimitedController\.short: @RateLimit is \{"policy":"LimitedController\.short","limit":2,"windowMs":300,"key":"ip"\} in the code but undefined in the model/,
    );
    assert.match(error.message, /\[SVC_ERR_MODEL_STALE\]$/);
    return true;
  });
  const other = analyzed();
  route(other, '/api/users/me').rateLimit = {
    policy: 'UsersController',
    limit: 2,
    windowMs: 3_600_000,
    key: 'ip',
  };
  await assert.rejects(
    createApp({ model: other, root, log: () => {} }),
    /UsersController\.me: @RateLimit is .*"key":"user".* in the code but .*"key":"ip".* in the model/,
  );
});
