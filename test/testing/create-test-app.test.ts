/** `createTestApp`: serves a project in-process; type errors fail it only when asked to. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { AnalysisFailedError, createTestApp } from '../../src/testing/index.js';

const root = fileURLToPath(new URL('../fixtures/testing/type-error', import.meta.url));

test('a type error inside a handler body does not stop a test app by default', async () => {
  const app = await createTestApp({ root });
  try {
    const res = await app.inject({ method: 'GET', url: '/api/hello' });
    assert.equal(res.status, 200);
    assert.equal(res.text, 'hello not a number');
  } finally {
    await app.close();
  }
});

test('typeCheck: true fails with the type error and its file:line', async () => {
  await assert.rejects(createTestApp({ root, typeCheck: true }), (error: unknown) => {
    assert.ok(error instanceof AnalysisFailedError);
    assert.match(error.message, /src\/hello\.controller\.ts:8: .*SVC_ERR_TYPE_CHECK/);
    return true;
  });
});
