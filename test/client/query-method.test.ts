/**
 * The typed client of test/fixtures/query-method: its QUERY route is called with method QUERY and
 * a JSON body, under the name `@ApiOperationId` gave it (test/fixtures/client/query-calls.ts),
 * type-checked by `tsc --strict` and run against the fixture served on a real port.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { serveFixture } from '../support/served-fixture.js';
import { clientOf, makeClientDir, typeCheck, type ClientDir } from './helpers.js';

const root = fileURLToPath(new URL('../fixtures/query-method/', import.meta.url));

interface Calls {
  callQuery(baseUrl: string): Promise<unknown>;
}

describe('the typed client of a QUERY route', () => {
  const served = serveFixture(root);
  let text: string;
  let folder: ClientDir;
  before(() => {
    text = clientOf(root);
    folder = makeClientDir(text, ['query-calls.ts']);
  });
  after(() => folder?.remove());

  it('describes the call as method QUERY under the operation id', () => {
    assert.match(
      text,
      /searchCatalogue: \(args, call\) => callOperation\(options, \{ id: "books\.searchCatalogue", method: "QUERY", path: "\/books", args: \[\["filter","body",\[\]\]\]/,
    );
  });

  it('type-checks under tsc --strict with the script', async () => {
    assert.deepEqual(await typeCheck(folder.dir, ['client.ts', 'query-calls.ts']), { code: 0, output: '' });
  });

  it('sends the body with QUERY and reads the answer; an invalid body is its documented 400', async () => {
    const { callQuery } = await folder.load<Calls>('query-calls.ts');
    assert.deepEqual(await callQuery(`${served.base}/api`), {
      typed: true,
      titles: ['The Dispossessed'],
      refused: ['books.searchCatalogue', 400, 'urn:svc:error:SVC_ERR_VALIDATION'],
      all: 3,
    });
  });
});
