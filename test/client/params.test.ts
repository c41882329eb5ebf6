/**
 * The typed client writes every input the way the server parses it: test/fixtures/client/params-calls.ts
 * sends path, query, header, cookie and body values (with characters that need encoding) through
 * the generated client of the contract app, served on a real port, and gets them back as bound.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CONTRACT_APP } from '../contract/contract-app.js';
import { serveFixture } from '../support/served-fixture.js';
import { clientOf, makeClientDir, typeCheck, type ClientDir } from './helpers.js';

/** The fixture script's export (its own types are checked by tsc in the folder it runs from). */
interface Calls {
  callParams(baseUrl: string): Promise<unknown>;
}

describe('the typed client of the contract app', () => {
  const served = serveFixture(CONTRACT_APP);
  let folder: ClientDir;
  before(() => {
    folder = makeClientDir(clientOf(CONTRACT_APP), ['params-calls.ts']);
  });
  after(() => folder?.remove());

  it('type-checks under tsc --strict with the script', async () => {
    const run = await typeCheck(folder.dir, ['client.ts', 'params-calls.ts']);
    assert.deepEqual(run, { code: 0, output: '' });
  });

  it('sends path, query, header, cookie and body values as the server binds them', async () => {
    const { callParams } = await folder.load<Calls>('params-calls.ts');
    const orgId = 'org 1/ü';
    assert.deepEqual(await callParams(`${served.base}/api`), {
      query: {
        orgId,
        count: 2.5,
        flag: false,
        since: '2024-05-06T07:08:09.000Z',
        role: 'member',
        priority: 2,
        size: 'M',
        tags: ['a b', 'c&d=e'],
        numbers: [1, 2],
        label: 'x+y?',
      },
      queryDefaults: {
        orgId,
        count: 0,
        flag: true,
        since: '2024-01-01T00:00:00.000Z',
        role: 'admin',
        priority: 1,
        size: 'S',
        tags: ['only'],
        numbers: null,
        label: 'none',
      },
      search: { q: 'ada lovelace', page: 2, exact: true },
      header: { count: 7, mixed: 'MiXeD value', accept: 'text/plain' },
      cookie: { session: 'a b;c=d', count: 3, theme: 'dark' },
      body: { name: 'Grace', role: 'admin' },
      bodyPath: { q: 'x', limit: 5 },
      bodyPathShort: { q: 'only q', limit: null },
    });
  });
});
