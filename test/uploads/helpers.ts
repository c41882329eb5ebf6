/** Multipart bodies built byte by byte (so a test controls every boundary), and the temp directory. */
import { mkdtempSync, readdirSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../fixtures/apps/uploads', import.meta.url));
export const BOUNDARY = 'svc-test-boundary';

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

export function multipart(parts: readonly Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type === undefined ? '' : `\r\nContent-Type: ${part.type}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A fresh directory for one test file's temporary uploads. */
export function freshTempDir(): string {
  return mkdtempSync(join(tmpdir(), 'svc-uploads-test-'));
}

export function entries(dir: string): string[] {
  return readdirSync(dir).sort();
}

/** Resolves once `dir` holds at least one entry, by its change events. */
export function filled(dir: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dir, () => {
      if (entries(dir).length > 0) {
        watcher.close();
        resolve();
      }
    });
    if (entries(dir).length > 0) {
      watcher.close();
      resolve();
    }
  });
}

/** Resolves once `dir` holds no entry (at once when it is already empty), by its change events. */
export function emptied(dir: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dir, () => {
      if (entries(dir).length === 0) {
        watcher.close();
        resolve();
      }
    });
    if (entries(dir).length === 0) {
      watcher.close();
      resolve();
    }
  });
}
