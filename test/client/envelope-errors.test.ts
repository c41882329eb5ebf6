/**
 * The typed client of an app whose catchers answer in an envelope: a 404 or a 422 is typed as
 * the envelope (`error.body.errors.body`), never as a problem, under `tsc --strict`; and the
 * calls, run against the served app, get those very bodies.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serveFixture } from '../support/served-fixture.js';
import { clientOf, makeClientDir, typeCheck, type ClientDir } from './helpers.js';

const root = fileURLToPath(new URL('../fixtures/apps/envelope/', import.meta.url));
const served = serveFixture(root);

/** A user's script: narrows each error by operation and status, and reads the envelope. */
const CALLS = `import { ApiError, createClient, type ErrorEnvelope } from './client.js';

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

async function failure(call: () => Promise<unknown>): Promise<ApiError> {
  try {
    await call();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

export async function callEnvelope(baseUrl: string): Promise<string[][]> {
  const api = createClient({ baseUrl, headers: { 'x-token': 'jake' } });
  const messages: string[][] = [];
  const missing = await failure(() => api.articles.get({ slug: 'nope' }));
  if (missing.is('articles.get') && missing.status === 404) {
    const _body: Same<typeof missing.body, ErrorEnvelope> = true;
    const _problem: Same<typeof missing.problem, undefined> = true;
    messages.push(missing.body.errors.body);
  }
  const invalid = await failure(() => api.articles.create({ article: { title: '' } }));
  if (invalid.is('articles.create') && invalid.status === 422) {
    const _body: Same<typeof invalid.body, ErrorEnvelope> = true;
    messages.push(invalid.body.errors.body);
  }
  return messages;
}
`;

/** Reading a problem member of the 404 is a type error: the envelope is all it carries. */
const WRONG = `import { ApiError } from './client.js';

export function title(error: ApiError): string {
  if (error.is('articles.get') && error.status === 404) return error.problem.title;
  return '';
}
`;

describe('the typed client of the envelope app', () => {
  let folder: ClientDir;
  before(() => {
    folder = makeClientDir(clientOf(root), []);
    writeFileSync(join(folder.dir, 'calls.ts'), CALLS);
    writeFileSync(join(folder.dir, 'wrong.ts'), WRONG);
  });
  after(() => folder?.remove());

  it('types the 404 and 422 bodies as the envelope under tsc --strict', async () => {
    assert.deepEqual(await typeCheck(folder.dir, ['client.ts', 'calls.ts']), { code: 0, output: '' });
  });

  it("makes the 404's problem a type error", async () => {
    const run = await typeCheck(folder.dir, ['client.ts', 'wrong.ts']);
    assert.equal(run.code, 2);
    assert.match(
      run.output,
      /^wrong\.ts\(4,\d+\): error TS18048: 'error\.problem' is possibly 'undefined'\.$/,
    );
  });

  it('gets the envelopes the types promise from the served app', async () => {
    const { callEnvelope } = await folder.load<{
      callEnvelope: (baseUrl: string) => Promise<string[][]>;
    }>('calls.ts');
    assert.deepEqual(await callEnvelope(`${served.base}/api`), [
      ["no article 'nope'"],
      ['body /title: must have at least 1 character'],
    ]);
  });
});
