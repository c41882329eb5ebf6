/**
 * Under `svc start` (the built CLI, a real server process that never loads typescript), the
 * health endpoints answer at the server root while the app's routes sit under its `/api` prefix.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  FORBID_TYPESCRIPT,
  makeProject,
  removeProject,
  request,
  RunningCli,
  waitForListening,
} from '../cli/helpers.js';
import { buildCached } from '../support/cached-build.js';

let root: string;
let cli: RunningCli | undefined;

before(async () => {
  root = makeProject();
  const build = await buildCached(root, [], 180_000);
  assert.equal(build.code, 0, build.stderr);
});
after(async () => {
  await cli?.stop();
  removeProject(root);
});

test('svc start: /health/ready and /health/live answer 200 {"status":"ok"}', async () => {
  cli = new RunningCli(['start', '--host', '127.0.0.1', '--port', '0'], root, FORBID_TYPESCRIPT);
  const url = await waitForListening(cli);
  assert.deepEqual(await request(`${url}/health/ready`), { status: 200, text: '{"status":"ok"}' });
  assert.deepEqual(await request(`${url}/health/live`), { status: 200, text: '{"status":"ok"}' });
  assert.equal((await request(`${url}/api/books`)).status, 200);
  assert.equal(await cli.stop(), 0);
  assert.doesNotMatch(cli.output, /typescript must not be loaded/);
});
