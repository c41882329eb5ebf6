/**
 * `svc dev` writes `.svc/client.ts` when it starts and again after every edit, and the client it
 * wrote calls the dev server it belongs to.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { makeProject, removeProject, RunningCli, REPO, waitForListening } from '../cli/helpers.js';
import { clientOf, makeClientDir, type ClientDir } from './helpers.js';

/** The part of the basic fixture's client this test drives. */
interface BasicClientModule {
  createClient(options: { baseUrl: string }): { books: Record<string, () => Promise<unknown>> };
}

describe('svc dev and the typed client', () => {
  let root: string;
  let cli: RunningCli;
  let url: string;
  const folders: ClientDir[] = [];
  const written = () => readFileSync(join(root, '.svc', 'client.ts'), 'utf8');
  const load = async (text: string) => {
    const folder = makeClientDir(text, []);
    folders.push(folder);
    return (await folder.load<BasicClientModule>('client.ts')).createClient({ baseUrl: `${url}/api` });
  };

  before(async () => {
    root = makeProject();
    cli = new RunningCli(['dev', '--root', root, '--host', '127.0.0.1', '--port', '0'], REPO);
    url = await waitForListening(cli);
  });
  after(async () => {
    await cli?.stop();
    removeProject(root);
    for (const folder of folders) folder.remove();
  });

  it('writes .svc/client.ts as generated from the app model, and it calls the dev server', async () => {
    const text = written();
    assert.equal(text, clientOf(root));
    const api = await load(text);
    assert.deepEqual(await api.books.list!(), [{ id: '1', title: 'Dune' }]);
  });

  it('rewrites it after an edit that adds a route', async () => {
    const mark = cli.output.length;
    const controller = join(root, 'src', 'books.controller.ts');
    const added =
      "  @Get('count')\n  count(): number {\n    return this.store.all().length;\n  }\n\n  @Get(':id')";
    writeFileSync(controller, readFileSync(controller, 'utf8').replace("  @Get(':id')", added));
    await waitForListening(cli, mark);
    const text = written();
    assert.match(text, /^ {4}count\(call\?: CallOptions\): Promise<number>;$/m);
    assert.equal(await (await load(text)).books.count!(), 1);
  });
});
