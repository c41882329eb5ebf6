/**
 * onInit/onShutdown in the generated entry: `svc start` awaits the store's onInit before it
 * listens, and on SIGTERM the server process awaits onShutdown before it exits 0.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** The basic fixture's store, with hooks that print (the supervisor relays the server's output). */
const STORE = `export interface Book {
  id: string;
  title: string;
}

export class BookStore {
  private readonly books = new Map<string, Book>();

  async onInit(): Promise<void> {
    await Promise.resolve();
    this.books.set('1', { id: '1', title: 'Dune' });
    console.log('hook: BookStore.onInit');
  }

  async onShutdown(): Promise<void> {
    await Promise.resolve();
    console.log(\`hook: BookStore.onShutdown with \${this.books.size} book\`);
  }

  all(): Book[] {
    return [...this.books.values()];
  }

  find(id: string): Book | undefined {
    return this.books.get(id);
  }
}
`;

let root: string;
let cli: RunningCli | undefined;

before(async () => {
  root = makeProject();
  writeFileSync(join(root, 'src/book-store.ts'), STORE);
  const build = await buildCached(root);
  assert.equal(build.code, 0, build.stderr);
});
after(async () => {
  await cli?.stop();
  removeProject(root);
});

test('svc start: onInit before listening, onShutdown awaited on SIGTERM', async () => {
  cli = new RunningCli(['start', '--host', '127.0.0.1', '--port', '0'], root, FORBID_TYPESCRIPT);
  const url = await waitForListening(cli);
  const init = cli.output.indexOf('hook: BookStore.onInit');
  assert.ok(init >= 0 && init < cli.output.indexOf('svc: listening on'), cli.output);
  // The data onInit loaded is served.
  const list = await request(`${url}/api/books`);
  assert.deepEqual(JSON.parse(list.text), [{ id: '1', title: 'Dune' }]);
  assert.equal(await cli.stop(), 0);
  const hooks = cli.output.split('\n').filter((line) => line.startsWith('hook: '));
  assert.deepEqual(hooks, ['hook: BookStore.onInit', 'hook: BookStore.onShutdown with 1 book']);
});
