/**
 * `svcjs/testing` as a user has it: the project imports 'svc' from node_modules (no tsconfig
 * `paths`), and the test imports the built `svcjs/testing`. The project's compiled sources must
 * resolve 'svc' to that same installed copy, or the decorators would register in another one.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { existsSync, readdirSync } from 'node:fs';
import { makeProject, removeProject, REPO } from '../cli/helpers.js';

type Testing = typeof import('../../src/testing/index.js');

let project: string;
let testing: Testing;

before(async () => {
  project = makeProject('basic');
  testing = (await import(pathToFileURL(join(REPO, 'dist', 'testing', 'index.js')).href)) as Testing;
});
after(() => removeProject(project));

test('a project importing the installed svc is served by createTestApp from svc/testing', async () => {
  const app = await testing.createTestApp({ root: project });
  try {
    const list = await app.inject({ method: 'GET', url: '/api/books' });
    assert.equal(list.status, 200);
    assert.deepEqual(list.json(), [{ id: '1', title: 'Dune' }]);
    const missing = await app.inject({ method: 'GET', url: '/api/books/9' });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers['content-type'], 'application/problem+json');
  } finally {
    await app.close();
  }
  const runs = join(project, '.svc', 'test');
  assert.deepEqual(existsSync(runs) ? readdirSync(runs) : [], [], 'compiled sources are removed on close');
});
