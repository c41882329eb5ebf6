/**
 * The generated client as a compiler sees it: every fixture app's client compiles under
 * `tsc --strict` in a Node 20 project, in a browser project (DOM library, no Node types, which
 * proves it needs nothing from Node) and in the strictest project, and a wrong argument or result
 * type is a type error.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO } from '../cli/helpers.js';
import {
  BROWSER_OPTIONS,
  clientOf,
  makeClientDir,
  STRICTEST_OPTIONS,
  typeCheck,
  type ClientDir,
} from './helpers.js';

const APPS = [
  'examples/bookstore',
  'test/fixtures/streams/app',
  'test/fixtures/contract/app',
  'test/fixtures/apps/openapi32',
  'test/fixtures/apps/sample',
  'test/fixtures/apps/responses',
  'test/fixtures/security/app',
  'test/fixtures/validation/app',
];

describe('generated clients under tsc --strict', () => {
  let folder: ClientDir;
  const files = APPS.map((_app, index) => `client-${index}.ts`);
  before(() => {
    folder = makeClientDir(clientOf(join(REPO, APPS[0]!)), ['wrong-types.ts']);
    APPS.forEach((app, index) => writeFileSync(join(folder.dir, files[index]!), clientOf(join(REPO, app))));
  });
  after(() => folder?.remove());

  it('compile in a Node 20 project (@types/node)', async () => {
    assert.deepEqual(await typeCheck(folder.dir, files), { code: 0, output: '' });
  });

  it('compile in a browser project (DOM library, no Node types)', async () => {
    assert.deepEqual(await typeCheck(folder.dir, files, BROWSER_OPTIONS), { code: 0, output: '' });
  });

  it('compile with every stricter check on, erasable syntax only (noUnusedLocals, exactOptionalPropertyTypes, ...)', async () => {
    assert.deepEqual(await typeCheck(folder.dir, files, STRICTEST_OPTIONS), { code: 0, output: '' });
  });

  it('turn a wrong parameter or result type into a type error at its line', async () => {
    const run = await typeCheck(folder.dir, ['client.ts', 'wrong-types.ts']);
    assert.equal(run.code, 2);
    assert.deepEqual(run.output.split('\n'), [
      "wrong-types.ts(10,25): error TS2322: Type 'number' is not assignable to type 'string'.",
      "wrong-types.ts(11,26): error TS2322: Type 'string' is not assignable to type 'number'.",
      "wrong-types.ts(12,28): error TS2741: Property 'year' is missing in type '{ title: string; author: string; }' but required in type 'NewBook'.",
      'wrong-types.ts(13,19): error TS2554: Expected 1-2 arguments, but got 0.',
      "wrong-types.ts(14,25): error TS2353: Object literal may only specify known properties, and 'bookId' does not exist in type '{ id: string; }'.",
      "wrong-types.ts(15,9): error TS2322: Type 'number' is not assignable to type 'string'.",
      "wrong-types.ts(16,20): error TS2353: Object literal may only specify known properties, and 'id' does not exist in type 'CallOptions & { credentials?: { bearer: string; } | undefined; }'.",
    ]);
  });
});
