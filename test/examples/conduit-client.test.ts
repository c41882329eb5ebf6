/**
 * The typed client generated for examples/conduit: under `tsc --strict`, a 422 and a 404 are
 * typed as the app's envelope (`error.body.errors.body`), not as svc's problem; and the calls, run
 * against the served app, get those very bodies.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serveFixture } from '../support/served-fixture.js';
import { clientOf, makeClientDir, typeCheck, type ClientDir } from '../client/helpers.js';

const root = fileURLToPath(new URL('../../examples/conduit/', import.meta.url));
const served = serveFixture(root);

/** A user's script: registers twice (422), reads a missing article (404), each as the envelope. */
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

export async function callConduit(baseUrl: string): Promise<string[][]> {
  const api = createClient({ baseUrl, headers: { authorization: 'Token demo-token' } });
  const messages: string[][] = [];
  const user = { username: 'client', email: 'client@example.com', password: 'secret' };
  const created = await api.users.register({ body: { user } });
  messages.push([created.user.username]);
  const taken = await failure(() => api.users.register({ body: { user } }));
  if (taken.is('users.register') && taken.status === 422) {
    const _body: Same<typeof taken.body, ErrorEnvelope> = true;
    messages.push(taken.body.errors.body);
  }
  const invalid = await failure(() => api.articles.create({ body: { article: { title: '', description: 'd', body: 'b' } } }));
  if (invalid.is('articles.create') && invalid.status === 422) {
    const _body: Same<typeof invalid.body, ErrorEnvelope> = true;
    messages.push(invalid.body.errors.body);
  }
  const missing = await failure(() => api.articles.get({ slug: 'nope' }));
  if (missing.is('articles.get') && missing.status === 404) {
    const _body: Same<typeof missing.body, ErrorEnvelope> = true;
    const _problem: Same<typeof missing.problem, undefined> = true;
    messages.push(missing.body.errors.body);
  }
  return messages;
}
`;

describe('the typed client of examples/conduit', () => {
  let folder: ClientDir;
  before(() => {
    folder = makeClientDir(clientOf(root), []);
    writeFileSync(join(folder.dir, 'calls.ts'), CALLS);
  });
  after(() => folder?.remove());

  it('types the 422 and 404 bodies as the envelope under tsc --strict', async () => {
    assert.deepEqual(await typeCheck(folder.dir, ['client.ts', 'calls.ts']), { code: 0, output: '' });
  });

  it('gets the envelopes the types promise from the served app', async () => {
    const { callConduit } = await folder.load<{ callConduit: (baseUrl: string) => Promise<string[][]> }>(
      'calls.ts',
    );
    assert.deepEqual(await callConduit(`${served.base}/api`), [
      ['client'],
      ['email has already been taken'],
      ['body /article/title must have at least 1 character'],
      ["article 'nope' not found"],
    ]);
  });
});
