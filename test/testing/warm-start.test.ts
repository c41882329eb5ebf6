/**
 * createTestApp on a project it served before: while the sources are unchanged, a new process
 * starts from the kept model and files without loading `typescript` (proved by a process in
 * which loading it fails); after an edit it analyzes again and serves the new code.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { FORBID_TYPESCRIPT, makeProject, removeProject, REPO } from '../cli/helpers.js';

type Testing = typeof import('../../src/testing/index.js');

const TESTING_URL = pathToFileURL(join(REPO, 'dist', 'testing', 'index.js')).href;

/** A fresh process: createTestApp, one inject, prints the answer's status and body. */
const CHILD = `
const { createTestApp } = await import(${JSON.stringify(TESTING_URL)});
const app = await createTestApp({ root: process.argv[2] });
const answer = await app.inject({ method: 'GET', url: '/api/books' });
console.log(JSON.stringify({ status: answer.status, body: answer.json() }));
await app.close();
`;

/** Run from a file: `node -e` defines a global `module`, which would look like CommonJS. */
async function injectInFreshProcess(root: string, env: NodeJS.ProcessEnv): Promise<unknown> {
  // Outside the project: a new file there would change its source stamp.
  const dir = mkdtempSync(join(tmpdir(), 'svc-inject-'));
  try {
    writeFileSync(join(dir, 'inject-once.mjs'), CHILD);
    const { stdout } = await promisify(execFile)(process.execPath, [join(dir, 'inject-once.mjs'), root], {
      env: { ...process.env, ...env },
    });
    return JSON.parse(stdout.trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('createTestApp: warm start', () => {
  let project: string;
  let testing: Testing;

  before(async () => {
    project = makeProject('basic');
    testing = (await import(TESTING_URL)) as Testing;
    const app = await testing.createTestApp({ root: project });
    await app.close();
  });
  after(() => removeProject(project));

  it('serves an unchanged project in a process that cannot load typescript', async () => {
    const answer = await injectInFreshProcess(project, FORBID_TYPESCRIPT);
    assert.deepEqual(answer, { status: 200, body: [{ id: '1', title: 'Dune' }] });
  });

  it('analyzes again after an edit and serves the new code', async () => {
    const store = join(project, 'src/book-store.ts');
    writeFileSync(store, readFileSync(store, 'utf8').replace("title: 'Dune'", "title: 'Dune Messiah'"));
    await assert.rejects(injectInFreshProcess(project, FORBID_TYPESCRIPT), /typescript/);
    const app = await testing.createTestApp({ root: project });
    try {
      assert.deepEqual((await app.inject({ method: 'GET', url: '/api/books' })).json(), [
        { id: '1', title: 'Dune Messiah' },
      ]);
    } finally {
      await app.close();
    }
    const answer = await injectInFreshProcess(project, FORBID_TYPESCRIPT);
    assert.deepEqual(answer, { status: 200, body: [{ id: '1', title: 'Dune Messiah' }] });
  });
});
