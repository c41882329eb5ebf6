/**
 * `sendFile(path, options)`: a file on disk as a handler's answer. The file is looked at when the
 * handler calls it (so a missing one is a 404 the route's catchers see like any thrown error) and
 * read when the answer is written, streamed with backpressure, in part when a `Range` asks
 * (docs/routing.md, "Files and downloads").
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { FrameworkHttpError } from '../errors/problem.js';
import type { Disposition } from './disposition.js';

export type { Disposition } from './disposition.js';

export interface SendFileOptions {
  /** The Content-Type; default: the route's `@contentType` when it names one type, else by the file's extension, else octet-stream. */
  type?: string;
  /** The file name the client is given (`Content-Disposition`); default with a disposition: the path's last part. */
  name?: string;
  /** `attachment` (download) or `inline` (show); default: `attachment` when a name is given, else none. */
  disposition?: Disposition;
}

/** What `sendFile` resolves to: a handler returns it, svc writes the file. */
export class FileAnswer {
  readonly path: string;
  readonly size: number;
  readonly modified: Date;
  readonly type: string | undefined;
  readonly name: string | undefined;
  readonly disposition: Disposition | undefined;

  constructor(path: string, size: number, modified: Date, options: SendFileOptions) {
    this.path = path;
    this.size = size;
    this.modified = modified;
    this.type = options.type;
    this.disposition = options.disposition ?? (options.name === undefined ? undefined : 'attachment');
    this.name = options.name ?? (options.disposition === undefined ? undefined : basename(path));
  }
}

/**
 * The file at `path` as an answer. Rejects with a 404 (`SVC_ERR_FILE_NOT_FOUND`, the path left out
 * of the answer) when there is no file there; with the file system's error otherwise (a 500).
 */
export async function sendFile(path: string, options: SendFileOptions = {}): Promise<FileAnswer> {
  let stats;
  try {
    stats = await stat(path);
  } catch (error) {
    if (isMissing(error)) throw fileNotFound();
    throw error;
  }
  if (!stats.isFile()) throw fileNotFound();
  return new FileAnswer(path, stats.size, stats.mtime, options);
}

/** No such file, or a folder on the way is a file. */
export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

export function fileNotFound(): FrameworkHttpError {
  return new FrameworkHttpError('SVC_ERR_FILE_NOT_FOUND', 'The file this answer names does not exist.');
}
