/**
 * The typed client of the files app (test/fixtures/apps/files): `tsc --strict` (and the strictest
 * options a project may add) accepts it with client-calls.ts, which then downloads Blobs and a
 * stream from the app served on a real port.
 */
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { clientOf, makeClientDir, STRICTEST_OPTIONS, typeCheck, type ClientDir } from '../client/helpers.js';
import { FILES_ROOT, serveFilesApp } from './files-app.js';

interface Calls {
  callDownloads(baseUrl: string): Promise<unknown>;
}

describe('the typed client of the files app', () => {
  const served = serveFilesApp();
  let folder: ClientDir;
  before(() => {
    folder = makeClientDir(clientOf(FILES_ROOT), []);
    copyFileSync(join(FILES_ROOT, 'client-calls.ts'), join(folder.dir, 'client-calls.ts'));
  });
  after(() => folder?.remove());

  it('type-checks under tsc --strict, and with the strictest options', async () => {
    assert.deepEqual(await typeCheck(folder.dir, ['client.ts', 'client-calls.ts']), { code: 0, output: '' });
    assert.deepEqual(await typeCheck(folder.dir, ['client.ts', 'client-calls.ts'], STRICTEST_OPTIONS), {
      code: 0,
      output: '',
    });
  });

  it('downloads Blobs (whole and a part), a stream on request, declared text and bytes; a missing file is an ApiError', async () => {
    const { callDownloads } = await folder.load<Calls>('client-calls.ts');
    assert.deepEqual(await callDownloads(`${served.base}/api`), {
      blob: ['text/plain', 'hello blob'],
      named: ['text/plain', 'named file'],
      file: [26, 'abcdefghijklmnopqrstuvwxyz'],
      part: 'abc',
      lines: 'one\ntwo\nthree\n',
      csv: 'id,name\n1,Ada\n',
      png: [0x89, 0x50, 0x4e, 0x47],
      missing: [404, 'urn:svc:error:SVC_ERR_FILE_NOT_FOUND'],
    });
  });
});
