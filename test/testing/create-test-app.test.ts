/** `createTestApp`: serves a project in-process; type errors fail it only when asked to. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { AnalysisFailedError, createTestApp } from '../../src/testing/index.js';

const root = fileURLToPath(new URL('../fixtures/testing/type-error', import.meta.url));

/** The 1-based line of a fixture file that contains `text`, so expectations follow the fixture's text. */
function lineOf(file: string, text: string): number {
  const index = readFileSync(join(root, file), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(text));
  assert.notEqual(index, -1, `${file} has no line containing ${text}`);
  return index + 1;
}

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
    const line = lineOf('src/hello.controller.ts', "const count: number = 'not a number'");
    assert.match(error.message, new RegExp(`src/hello\\.controller\\.ts:${line}: .*SVC_ERR_TYPE_CHECK`));
    return true;
  });
});
