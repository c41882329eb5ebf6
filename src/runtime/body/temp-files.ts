/**
 * The temporary files of one request's uploads. Each is created with a random name (the client's
 * filename is data, never part of a path), owner-only, and removed when the request ends however
 * it ends: after a failed read before the error is answered, else when the response closes
 * (answered, failed, client gone, or cut at shutdown).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, rmSync, type WriteStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';

export class TempFiles {
  private readonly paths: string[] = [];
  private readonly open = new Set<WriteStream>();

  constructor(private readonly dir: string) {}

  private removed = false;

  /**
   * A new empty file, open for writing; it counts as open until its stream closes. Undefined once
   * the files were removed: a part the parser had already buffered must not create one afterwards.
   */
  create(): { path: string; out: WriteStream } | undefined {
    if (this.removed) return undefined;
    const path = join(this.dir, `svc-upload-${randomUUID()}`);
    this.paths.push(path);
    const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    this.open.add(out);
    out.once('close', () => this.open.delete(out));
    return { path, out };
  }

  /**
   * Stops every write still under way, then removes every file. A stream is awaited until it
   * closes: removing a file its stream has not yet opened would let the open create it again.
   */
  async removeAll(): Promise<void> {
    this.removed = true;
    const closing = [...this.open].map(
      (out) =>
        new Promise<void>((resolve) => (out.closed ? resolve() : out.destroy().once('close', resolve))),
    );
    await Promise.all(closing);
    for (const path of this.paths.splice(0)) rmSync(path, { force: true });
  }
}

/** The request's temporary files, removed once its response closes. */
export function tempFilesFor(res: ServerResponse, dir: string): TempFiles {
  const files = new TempFiles(dir);
  res.once('close', () => void files.removeAll());
  return files;
}
