/**
 * End to end: the real `svc dev` on a temporary project. Edits go to disk and the test waits
 * for the CLI's own output (bounded waits), then checks the spec file and the live server.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { makeProject, removeProject, request, RunningCli, REPO, waitForListening } from './helpers.js';

describe('svc dev', () => {
  let root: string;
  let cli: RunningCli;
  let url: string;
  const controller = () => join(root, 'src/books.controller.ts');
  const specPaths = () =>
    Object.keys(JSON.parse(readFileSync(join(root, '.svc/svc_swagger/swagger.json'), 'utf8')).paths).sort();

  before(async () => {
    root = makeProject();
    cli = new RunningCli(['dev', '--root', root, '--host', '127.0.0.1', '--port', '0'], REPO);
    url = await waitForListening(cli);
    await cli.waitFor(/svc: watching /);
  });
  after(async () => {
    await cli?.stop();
    removeProject(root);
  });

  it('writes the spec, prints the route table and serves the app', async () => {
    assert.match(cli.output, /METHOD\s+PATH\s+HANDLER/);
    assert.match(cli.output, /GET\s+\/api\/books\s+BooksController\.list/);
    assert.deepEqual(specPaths(), ['/books', '/books/{id}']);
    const response = await request(`${url}/api/books/1`);
    assert.equal(response.status, 200);
    assert.deepEqual(JSON.parse(response.text), { id: '1', title: 'Dune' });
  });

  it('on an edit re-analyzes, rewrites the spec and restarts on the same address', async () => {
    const mark = cli.output.length;
    const source = readFileSync(controller(), 'utf8');
    const added =
      "  @Get('count')\n  count(): number {\n    return this.store.all().length;\n  }\n\n  @Get(':id')";
    writeFileSync(controller(), source.replace("  @Get(':id')", added));
    const restartedAt = await waitForListening(cli, mark);
    assert.equal(restartedAt, url);
    assert.match(cli.output.slice(mark), /changed src\/books\.controller\.ts/);
    assert.match(cli.output.slice(mark), /emitted 1 file\(s\)/);
    assert.match(cli.output.slice(mark), /GET\s+\/api\/books\/count\s+BooksController\.count/);
    assert.deepEqual(specPaths(), ['/books', '/books/count', '/books/{id}']);
    const response = await request(`${url}/api/books/count`);
    assert.equal(response.status, 200);
    assert.equal(response.text, '1');
  });

  it('prints analysis errors with file:line and keeps the last good server answering', async () => {
    const mark = cli.output.length;
    const source = readFileSync(controller(), 'utf8');
    writeFileSync(controller(), source.replace('get(@Param() id: string)', 'get(id: string)'));
    await cli.waitFor(/^src\/books\.controller\.ts:\d+: error: .*\[SVC_ERR_UNBOUND_PARAMETER\]$/m, mark);
    await cli.waitFor(/analysis failed; the last good server keeps running/, mark);
    assert.deepEqual(specPaths(), ['/books', '/books/count', '/books/{id}']);
    const response = await request(`${url}/api/books/count`);
    assert.equal(response.status, 200);
    assert.equal(response.text, '1');
  });

  it('fixing the error back to the running version needs no restart', async () => {
    const mark = cli.output.length;
    const source = readFileSync(controller(), 'utf8');
    writeFileSync(controller(), source.replace('get(id: string)', 'get(@Param() id: string)'));
    await cli.waitFor(/svc: the running server is up to date/, mark);
    assert.doesNotMatch(cli.output.slice(mark), /listening on/);
    assert.equal((await request(`${url}/api/books/1`)).status, 200);
  });

  it('a new file with a new controller is picked up', async () => {
    const mark = cli.output.length;
    const source =
      "import { Controller, Get } from 'svcjs';\n\n@Controller('health')\nexport class HealthController {\n  @Get()\n  check(): string {\n    return 'ok';\n  }\n}\n";
    writeFileSync(join(root, 'src/health.controller.ts'), source);
    assert.equal(await waitForListening(cli, mark), url);
    assert.match(cli.output.slice(mark), /GET\s+\/api\/health\s+HealthController\.check/);
    assert.ok(specPaths().includes('/health'));
    const response = await request(`${url}/api/health`);
    assert.equal(response.status, 200);
    assert.equal(response.text, 'ok');
  });

  it('stops the server process on SIGTERM', async () => {
    assert.equal(await cli.stop(), 0);
    await assert.rejects(request(`${url}/api/books`));
  });
});
