import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiInfo, App } from 'svcjs';
import { PhotoStore } from './store.js';

/** Where the photos' files go: ALBUM_DIR, else a folder under the system's temporary directory. */
function storageDirectory(): string {
  return process.env.ALBUM_DIR || join(tmpdir(), 'svc-album');
}

@App({
  prefix: '/api',
  port: 8080,
  providers: [{ provide: PhotoStore, useFactory: () => new PhotoStore(storageDirectory()) }],
})
@ApiInfo({
  title: 'Album',
  version: '1.0.0',
  description:
    'A small photo album built with svc: multipart uploads with metadata, downloads with ranges and ETags.',
})
export class AlbumApp {}
