/** The lifecycle order and the early statuses live in one place: phases.ts. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { earlyStatusOf, PHASES } from '../../src/model/lifecycle-phases.js';

test('the early statuses the pipeline uses come from PHASES', () => {
  assert.equal(earlyStatusOf('middleware'), PHASES.find((phase) => phase.role === 'middleware')?.earlyStatus);
  assert.equal(earlyStatusOf('guard'), PHASES.find((phase) => phase.role === 'guard')?.earlyStatus);
  assert.equal(earlyStatusOf('middleware'), 200);
  assert.equal(earlyStatusOf('guard'), 403);
});

test('the phases run middleware → guards → around-interceptors → pre → post (reversed)', () => {
  assert.deepEqual(
    PHASES.map((phase) => `${phase.role}:${phase.when}:${phase.order}`),
    [
      'middleware:before:written',
      'guard:before:written',
      'interceptor:around:written',
      'preInterceptor:before:written',
      'postInterceptor:after:reverse',
    ],
  );
});
