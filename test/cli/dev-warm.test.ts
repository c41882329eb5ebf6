/**
 * `svc dev` started again on a project it served before: with the sources unchanged it serves
 * the last output at once and the analysis behind it leaves that server alone; with a source
 * edited while it was stopped (or svc's output removed) it starts cold and serves the new code.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { makeProject, removeProject, request, RunningCli, REPO, waitForListening } from './helpers.js';

const WARM = /sources unchanged since the last run/;

async function devRun(root: string): Promise<{ cli: RunningCli; url: string }> {
  const cli = new RunningCli(['dev', '--root', root, '--host', '127.0.0.1', '--port', '0'], REPO);
  const url = await waitForListening(cli);
  // Printed once the first analysis is done, warm start or not.
  await cli.waitFor(/svc: watching /);
  return { cli, url };
}

describe('svc dev: warm start', () => {
  let root: string;
  before(async () => {
    root = makeProject();
    const first = await devRun(root);
    assert.doesNotMatch(first.cli.output, WARM);
    assert.equal(await first.cli.stop(), 0);
  });
  after(() => removeProject(root));

  it('serves the last output when the sources are unchanged, and the analysis behind it keeps that server', async () => {
    const { cli, url } = await devRun(root);
    try {
      assert.match(cli.output, WARM);
      assert.match(cli.output, /the running server is up to date/);
      assert.equal(cli.output.match(/listening on/g)?.length, 1);
      const answer = await request(`${url}/api/books/1`);
      assert.deepEqual(JSON.parse(answer.text), { id: '1', title: 'Dune' });
    } finally {
      assert.equal(await cli.stop(), 0);
    }
  });

  it('starts cold and serves the new code when a source changed while it was stopped', async () => {
    const store = join(root, 'src/book-store.ts');
    writeFileSync(store, readFileSync(store, 'utf8').replace("title: 'Dune'", "title: 'Dune Messiah'"));
    const { cli, url } = await devRun(root);
    try {
      assert.doesNotMatch(cli.output, WARM);
      const answer = await request(`${url}/api/books/1`);
      assert.deepEqual(JSON.parse(answer.text), { id: '1', title: 'Dune Messiah' });
    } finally {
      assert.equal(await cli.stop(), 0);
    }
  });
});
