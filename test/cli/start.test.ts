import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  FORBID_TYPESCRIPT,
  makeProject,
  removeProject,
  request,
  runCli,
  RunningCli,
  waitForListening,
} from './helpers.js';
import { buildCached } from '../support/cached-build.js';

describe('svc start', () => {
  let root: string;
  const running: RunningCli[] = [];
  const start = (args: string[]) => {
    const cli = new RunningCli(
      ['start', '--host', '127.0.0.1', '--port', '0', ...args],
      root,
      FORBID_TYPESCRIPT,
    );
    running.push(cli);
    return cli;
  };

  before(async () => {
    root = makeProject();
    const build = await buildCached(root);
    assert.equal(build.code, 0, build.stderr);
  });
  after(async () => {
    await Promise.all(running.map((cli) => cli.stop()));
    removeProject(root);
  });

  it('serves the build over HTTP without loading typescript, and stops on SIGTERM', async () => {
    const cli = start([]);
    const url = await waitForListening(cli);
    assert.match(cli.output, /GET\s+\/api\/books\/:id\s+BooksController\.get/);
    const list = await request(`${url}/api/books`);
    assert.equal(list.status, 200);
    assert.deepEqual(JSON.parse(list.text), [{ id: '1', title: 'Dune' }]);
    const missing = await request(`${url}/api/books/9`);
    assert.equal(missing.status, 404);
    assert.equal(await cli.stop(), 0);
    assert.doesNotMatch(cli.output, /typescript must not be loaded/);
    await assert.rejects(request(`${url}/api/books`));
  });

  it('--workers 2 serves from a node:cluster of two processes', async () => {
    const cli = start(['--workers', '2']);
    const url = await waitForListening(cli);
    assert.match(cli.output, /with 2 workers/);
    const responses = await Promise.all([1, 2, 3, 4].map(() => request(`${url}/api/books/1`)));
    assert.deepEqual(
      responses.map((response) => response.status),
      [200, 200, 200, 200],
    );
    assert.equal(await cli.stop(), 0);
    assert.doesNotMatch(cli.output, /typescript must not be loaded/);
  });

  it('a server that cannot start prints its error and svc start exits 1', async () => {
    const broken = makeProject();
    try {
      const source = [
        "import { Controller, Get } from 'svcjs';",
        'export class Clock {',
        '  constructor(readonly zone: string) {}',
        '}',
        "@Controller('time')",
        'export class TimeController {',
        '  constructor(private readonly clock: Clock) {}',
        '  @Get()',
        '  now(): string {',
        '    return this.clock.zone;',
        '  }',
        '}',
      ].join('\n');
      writeFileSync(join(broken, 'src/time.controller.ts'), source);
      assert.equal((await runCli(['build'], broken)).code, 0);
      const result = await runCli(['start', '--host', '127.0.0.1', '--port', '0'], broken);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /\[SVC_ERR_MISSING_PROVIDER\]/);
      assert.match(result.stderr, /^svc: the server process exited with 1 before listening$/m);
    } finally {
      removeProject(broken);
    }
  });
});
