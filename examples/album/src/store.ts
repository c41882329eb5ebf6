/**
 * The photo store, provided to the controller by @App({providers}): metadata in memory, each
 * photo's bytes in one file of the storage folder. A file is named by the photo's id, never by the
 * name the client sent (that is only ever data: the download's Content-Disposition). The methods
 * throw NotFoundError in their own bodies, where the analyzer sees it (docs/openapi.md, "Thrown
 * errors"), so each route that calls them documents its 404.
 */
import { mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NotFoundError } from 'svcjs';
import type { NewPhoto, Photo } from './models.js';

export interface PhotoFilter {
  tag?: string;
  albumId?: number;
}

export class PhotoStore {
  private readonly photos = new Map<number, Photo>();
  private nextId = 1;

  constructor(readonly directory: string) {
    mkdirSync(directory, { recursive: true });
  }

  /**
   * Copies the upload into the storage folder before the request ends (svc then removes its
   * temporary file). A file left there by an earlier run (its metadata lost) is overwritten.
   */
  async add(upload: NewPhoto): Promise<Photo> {
    const id = this.nextId++;
    const { file } = upload;
    try {
      await writeFile(this.pathOf(id), file.stream());
    } catch (error) {
      await rm(this.pathOf(id), { force: true });
      throw error;
    }
    const photo: Photo = {
      id,
      title: upload.title,
      tags: upload.tags ?? [],
      taken: upload.taken,
      albumId: upload.albumId,
      name: file.name,
      type: file.type,
      size: file.size,
    };
    this.photos.set(id, photo);
    return photo;
  }

  /** In upload order. */
  list(filter: PhotoFilter): Photo[] {
    return [...this.photos.values()].filter(
      (photo) =>
        (filter.tag === undefined || photo.tags.includes(filter.tag)) &&
        (filter.albumId === undefined || photo.albumId === filter.albumId),
    );
  }

  photo(id: number): Photo {
    const photo = this.photos.get(id);
    if (!photo) throw new NotFoundError(`photo ${id} not found`);
    return photo;
  }

  async remove(id: number): Promise<void> {
    if (!this.photos.delete(id)) throw new NotFoundError(`photo ${id} not found`);
    await rm(this.pathOf(id), { force: true });
  }

  /** Where a photo's bytes are: the id alone, so no request input ever reaches a path. */
  pathOf(id: number): string {
    return join(this.directory, `${id}`);
  }
}
