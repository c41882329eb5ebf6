/**
 * examples/bookstore through its typed client: `svc build` writes .svc/client.ts, `tsc --strict`
 * accepts it with a script calling every operation (test/fixtures/client/bookstore-calls.ts),
 * and the script runs against `svc start`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  BOOKSTORE,
  buildProject,
  startBuilt,
  type BuiltProject,
  type StartedServer,
} from '../contract/contract-app.js';
import { clientOf, makeClientDir, typeCheck, type ClientDir } from './helpers.js';

/** The fixture script's export (its own types are checked by tsc in the folder it runs from). */
interface Calls {
  callBookstore(baseUrl: string): Promise<unknown>;
}

describe('the typed client of examples/bookstore', () => {
  let built: BuiltProject;
  let server: StartedServer;
  let written: string;
  let folder: ClientDir;

  before(async () => {
    built = await buildProject(BOOKSTORE);
    written = readFileSync(join(built.root, '.svc', 'client.ts'), 'utf8');
    folder = makeClientDir(written, ['bookstore-calls.ts']);
    server = await startBuilt(built.root);
  });
  after(async () => {
    await server?.stop();
    built?.remove();
    folder?.remove();
  });

  it('is written by svc build, exactly as generated from the app model', () => {
    assert.equal(written, clientOf(built.root));
  });

  it('type-checks under tsc --strict with a script that calls every operation', async () => {
    const run = await typeCheck(folder.dir, ['client.ts', 'bookstore-calls.ts']);
    assert.deepEqual(run, { code: 0, output: '' });
  });

  it('calls every operation against svc start, with typed results and typed problems', async () => {
    const { callBookstore } = await folder.load<Calls>('bookstore-calls.ts');
    const seen = await callBookstore(`${server.origin}/api`);
    assert.deepEqual(seen, {
      titles: ['The Left Hand of Darkness', 'A Wizard of Earthsea', 'Kindred'],
      byAuthor: ['The Left Hand of Darkness'],
      one: { id: '2', title: 'A Wizard of Earthsea', author: 'Ursula K. Le Guin', year: 1968 },
      created: { id: '4', title: 'Dawn', author: 'Octavia E. Butler', year: 1987 },
      replaced: { id: '4', title: 'Dawn (Xenogenesis)', author: 'Octavia E. Butler', year: 1987 },
      updated: { id: '1', title: 'The Left Hand of Darkness', author: 'Ursula K. Le Guin', year: 1970 },
      removed: true,
      afterRemove: ['1', '2', '3'],
      me: 'token reader-token',
      missing: {
        status: 404,
        operation: 'books.get',
        problem: { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No book with id 999' },
      },
      unauthorized: { status: 401, body: 'Missing or invalid Authorization header', problem: undefined },
      invalid: { status: 400, inputs: ['body /year'] },
      forbidden: { status: 403, documented: true, other: false },
    });
  });
});
