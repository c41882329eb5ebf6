/**
 * The typed client generated for examples/album (the one `svc build` writes): under `tsc --strict`
 * a user's script uploads a `File` and a plain `Blob` with their metadata, and downloads a photo as
 * a `Blob` and as a stream; run against the served app, the calls get exactly those bytes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { clientOf, makeClientDir, typeCheck, type ClientDir } from '../client/helpers.js';
import { serveFixture } from '../support/served-fixture.js';

const ROOT = fileURLToPath(new URL('../../examples/album/', import.meta.url));
const storage = mkdtempSync(join(tmpdir(), 'svc-album-client-'));
process.env.ALBUM_DIR = storage;
const served = serveFixture(ROOT);
after(() => rmSync(storage, { recursive: true, force: true }));

/** A user's script: two uploads, then the first one's bytes as a Blob and as a stream. */
const CALLS = `import { createClient, type Photo } from './client.js';

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<number[]> {
  const bytes: number[] = [];
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) bytes.push(...read.value);
  return bytes;
}

export async function callAlbum(baseUrl: string): Promise<unknown> {
  const api = createClient({ baseUrl });
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  const photo: Photo = await api.photos.upload({
    body: {
      file: new File([png], 'dot.png', { type: 'image/png' }),
      title: 'Dot',
      tags: ['tiny', 'test'],
      taken: '2026-01-02T03:04:05Z',
      albumId: 7,
    },
  });
  const plain: Photo = await api.photos.upload({
    body: { file: new Blob([png.subarray(0, 4)], { type: 'image/jpeg' }), title: 'Blob', albumId: 7 },
  });
  const blob: Blob = await api.photos.file({ id: photo.id });
  const stream: ReadableStream<Uint8Array> = await api.photos.file({ id: photo.id }, { stream: true });
  const listed: Photo[] = await api.photos.list({ albumId: 7, tag: 'tiny' });
  return {
    photo,
    plain: [plain.title, plain.type, plain.size, plain.tags],
    blob: [blob.type, [...new Uint8Array(await blob.arrayBuffer())]],
    stream: await bytesOf(stream),
    listed: listed.map((item) => item.id),
  };
}
`;

describe('the typed client of examples/album', () => {
  let folder: ClientDir;
  before(() => {
    folder = makeClientDir(clientOf(ROOT), []);
    writeFileSync(join(folder.dir, 'calls.ts'), CALLS);
  });
  after(() => folder?.remove());

  it('type-checks under tsc --strict with a script that uploads and downloads', async () => {
    assert.deepEqual(await typeCheck(folder.dir, ['client.ts', 'calls.ts']), { code: 0, output: '' });
  });

  it('uploads a File and a Blob, downloads a Blob and a stream from the served app', async () => {
    const { callAlbum } = await folder.load<{ callAlbum: (baseUrl: string) => Promise<unknown> }>('calls.ts');
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3];
    assert.deepEqual(await callAlbum(`${served.base}/api`), {
      photo: {
        id: 1,
        title: 'Dot',
        tags: ['tiny', 'test'],
        taken: '2026-01-02T03:04:05.000Z',
        albumId: 7,
        name: 'dot.png',
        type: 'image/png',
        size: 11,
      },
      plain: ['Blob', 'image/jpeg', 4, []],
      blob: ['image/png', png],
      stream: png,
      listed: [1],
    });
  });
});
