/**
 * One file part of a multipart body → a web-standard `File`. Up to the memory threshold its bytes
 * are kept in memory; past it they go to a temporary file and the `File` reads from disk
 * (`fs.openAsBlob`), so a large upload never sits in memory whole. Past `maxSize` it fails with the
 * 413 naming the field, and what it read is dropped.
 */
import { openAsBlob } from 'node:fs';
import type { Readable } from 'node:stream';
import { FrameworkHttpError } from '../errors/problem.js';
import type { TempFiles } from './temp-files.js';

export interface FilePart {
  field: string;
  filename: string;
  type: string;
  /** The field's limit in bytes. */
  maxSize: number;
  memoryThreshold: number;
}

const CLOSE = { connection: 'close' };

export function fileTooLarge(field: string, limit: number): FrameworkHttpError {
  return new FrameworkHttpError(
    'SVC_ERR_FILE_TOO_LARGE',
    `The file in field '${field}' is larger than its limit of ${limit} bytes.`,
    [{ in: 'body', name: `/${field}`, message: `must be at most ${limit} bytes` }],
    CLOSE,
  );
}

export function collectFile(stream: Readable, part: FilePart, temps: TempFiles): Promise<File> {
  return new Promise<File>((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let disk: ReturnType<TempFiles['create']>;
    let discarded = false;
    const discard = (source: Readable): void => {
      discarded = true;
      source.removeAllListeners('data');
      source.resume();
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > part.maxSize) {
        discard(stream);
        reject(fileTooLarge(part.field, part.maxSize));
        return;
      }
      if (disk === undefined && size <= part.memoryThreshold) return void chunks.push(chunk);
      if (disk === undefined) {
        disk = temps.create();
        // The request already failed (its files are gone): what is left of the part is dropped.
        if (disk === undefined) return discard(stream);
        disk.out.once('error', reject);
        for (const held of chunks) disk.out.write(held);
        chunks = [];
      }
      // The parser waits while the disk catches up, so memory holds one chunk at a time.
      if (!disk.out.write(chunk)) {
        stream.pause();
        disk.out.once('drain', () => stream.resume());
      }
    });
    stream.once('error', reject);
    stream.once('end', () => {
      if (size > part.maxSize || discarded) return;
      const options = { type: part.type };
      if (disk === undefined) return resolve(new File(chunks, part.filename, options));
      const { path, out } = disk;
      // Node 20's openAsBlob throws at once (not through its promise) when the file is already
      // gone, as it is when the request failed meanwhile: both ways reject this part.
      out.end(() => {
        Promise.resolve()
          .then(() => openAsBlob(path, options))
          .then((blob) => resolve(new File([blob], part.filename, options)), reject);
      });
    });
  });
}
