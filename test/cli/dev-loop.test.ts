/**
 * The `svc dev` loop as an editor drives it: saves by replace-and-rename, a handler that
 * throws (source-mapped stack), a warning that stands across re-analyses, and a parameter type
 * edit that must change validation and the document in one reload. One real `svc dev` on a
 * temporary project; every wait is on the CLI's output or an answer, never a sleep.
 */
import assert from 'node:assert/strict';
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { makeProject, removeProject, request, RunningCli, REPO, waitForListening } from './helpers.js';

/** How sed -i, vim and JetBrains save: a new file renamed over the old one (a new inode). */
function saveByRename(file: string, text: string): void {
  writeFileSync(`${file}.tmp-save`, text);
  renameSync(`${file}.tmp-save`, file);
}

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe('svc dev: the edit loop', () => {
  let root: string;
  let cli: RunningCli;
  let url: string;
  const controller = () => join(root, 'src/books.controller.ts');
  const edit = (from: string, to: string) => {
    const source = readFileSync(controller(), 'utf8');
    assert.ok(source.includes(from), `the controller holds ${from}`);
    saveByRename(controller(), source.replace(from, to));
  };
  const spec = () =>
    JSON.parse(readFileSync(join(root, '.svc/svc_swagger/swagger.json'), 'utf8')) as {
      paths: Record<string, { get?: { parameters?: { name: string; schema: { type: string } }[] } }>;
    };

  before(async () => {
    root = makeProject();
    // No sourceMap in the tsconfig: svc dev emits maps anyway.
    const tsconfig = join(root, 'tsconfig.json');
    writeFileSync(tsconfig, readFileSync(tsconfig, 'utf8').replace('"sourceMap": true,', ''));
    cli = new RunningCli(['dev', '--root', root, '--host', '127.0.0.1', '--port', '0'], REPO);
    url = await waitForListening(cli);
    await cli.waitFor(/svc: watching /);
  });
  after(async () => {
    await cli?.stop();
    removeProject(root);
  });

  it('notices three saves by rename in a row, each with a reload serving the new code', async () => {
    for (const title of ['Dune I', 'Dune II', 'Dune III']) {
      const mark = cli.output.length;
      const source = readFileSync(controller(), 'utf8');
      saveByRename(
        controller(),
        source.replace(
          /return this\.store\.all\(\)[^;]*;/,
          `return this.store.all().map((book) => ({ ...book, title: '${title}' }));`,
        ),
      );
      assert.equal(await waitForListening(cli, mark), url);
      assert.match(cli.output.slice(mark), /changed src\/books\.controller\.ts/);
      const answer = await request(`${url}/api/books`);
      assert.deepEqual(JSON.parse(answer.text), [{ id: '1', title }]);
    }
  });

  it('a body edit that leaves the model as it was serves the new code and rewrites no document', async () => {
    const spec = join(root, '.svc/svc_swagger/swagger.json');
    const before = statSync(spec).mtimeMs;
    const mark = cli.output.length;
    edit("title: 'Dune III'", "title: 'Dune IV'");
    assert.equal(await waitForListening(cli, mark), url);
    assert.deepEqual(JSON.parse((await request(`${url}/api/books`)).text), [{ id: '1', title: 'Dune IV' }]);
    assert.equal(statSync(spec).mtimeMs, before);
  });

  it('logs a handler error with a stack naming the .ts line and svc frames in dist/*.js', async () => {
    const mark = cli.output.length;
    edit(
      "  @Get(':id')",
      "  @Get('boom')\n  boom(): string {\n    throw new Error('boom in dev');\n  }\n\n  @Get(':id')",
    );
    await waitForListening(cli, mark);
    const throwLine =
      readFileSync(controller(), 'utf8')
        .split('\n')
        .findIndex((line) => line.includes("throw new Error('boom in dev')")) + 1;
    assert.equal((await request(`${url}/api/books/boom`)).status, 500);
    const [logged] = await cli.waitFor(/Error: boom in dev\n(?:\s+at .*\n)+/, mark);
    assert.match(logged, new RegExp(`src/books\\.controller\\.ts:${throwLine}:\\d+`));
    const svcFrames = logged.split('\n').filter((frame) => frame.includes(REPO));
    assert.ok(svcFrames.length > 0, `svc's own frames are in the stack:\n${logged}`);
    for (const frame of svcFrames) assert.match(frame, new RegExp(`${REPO}/dist/.+\\.js:\\d+`));
  });

  it('prints a warning once while it stands, however often the project is re-analyzed', async () => {
    const warning = "cannot infer schema for type 'unknown'";
    const mark = cli.output.length;
    edit("  @Get(':id')", "  @Get('anything')\n  anything(): unknown {\n    return 1;\n  }\n\n  @Get(':id')");
    await waitForListening(cli, mark);
    for (const comment of ['// first', '// second']) {
      const next = cli.output.length;
      const store = join(root, 'src/book-store.ts');
      saveByRename(store, `${readFileSync(store, 'utf8')}${comment}\n`);
      await cli.waitFor(/changed src\/book-store\.ts/, next);
      await cli.waitFor(/up to date|listening on/, next);
    }
    assert.equal(count(cli.output.slice(mark), warning), 1, cli.output.slice(mark));
  });

  it('a parameter type edit changes the 400 rule and the document in the same reload', async () => {
    let mark = cli.output.length;
    const source = readFileSync(controller(), 'utf8')
      .replace('  list(): Book[] {', '  list(@Query() limit?: string): Book[] {')
      .replace('import { Controller,', 'import { Query, Controller,');
    saveByRename(controller(), source);
    await waitForListening(cli, mark);
    assert.equal((await request(`${url}/api/books?limit=abc`)).status, 200);
    mark = cli.output.length;
    edit('@Query() limit?: string', '@Query() limit?: number');
    await waitForListening(cli, mark);
    assert.equal((await request(`${url}/api/books?limit=abc`)).status, 400);
    assert.equal((await request(`${url}/api/books?limit=2`)).status, 200);
    const parameters = spec().paths['/books']?.get?.parameters ?? [];
    assert.deepEqual(
      parameters.map(({ name, schema }) => [name, schema.type]),
      [['limit', 'number']],
    );
  });
});
