/**
 * The typed client of the uploads fixture: File fields take any Blob and go as FormData, a form
 * body as urlencoded pairs, raw bytes as they are; the server binds each as the handler declares.
 */
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { clientOf, makeClientDir, typeCheck, type ClientDir } from '../client/helpers.js';
import { serveFixture } from '../support/served-fixture.js';
import { ROOT } from './helpers.js';

interface Calls {
  callUploads(baseUrl: string): Promise<unknown>;
}

describe('the typed client of the uploads fixture', () => {
  const served = serveFixture(ROOT);
  let folder: ClientDir;
  before(() => {
    folder = makeClientDir(clientOf(ROOT), []);
    copyFileSync(
      fileURLToPath(new URL('../fixtures/apps/uploads/client-calls.ts', import.meta.url)),
      join(folder.dir, 'client-calls.ts'),
    );
  });
  after(() => folder?.remove());

  it('type-checks under tsc --strict with the script', async () => {
    const run = await typeCheck(folder.dir, ['client.ts', 'client-calls.ts']);
    assert.deepEqual(run, { code: 0, output: '' });
  });

  it('sends a multipart body as FormData, a form as pairs, bytes as they are', async () => {
    const { callUploads } = await folder.load<Calls>('client-calls.ts');
    assert.deepEqual(await callUploads(`${served.base}/api`), {
      uploaded: {
        title: 'Typed',
        tags: ['x', 'y'],
        pages: 3,
        author: 'Cy',
        file: 'hello.txt',
        size: 5,
        attachments: 1,
      },
      note: { title: 'Form', count: 2, tags: ['t'] },
      content: { id: 4, size: 8, text: 'raw text' },
    });
  });
});
