/**
 * The OpenAPI document the page shows: the `swagger.json` that `svc dev` and `svc build` write.
 * Read on each request (it is small, and it changes whenever `svc dev` re-analyzes), so the page
 * never shows an older document than the one on disk.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REVALIDATE, staticFile, type StaticFile } from './static-file.js';

/** Where svc dev and svc build write the document, relative to the project root. */
export const DOCUMENT_FILE = join('.svc', 'svc_swagger', 'swagger.json');

/** The first existing candidate, as an answer; undefined when none exists. */
export async function readDocument(candidates: readonly string[]): Promise<StaticFile | undefined> {
  for (const file of candidates) {
    const text = await readFile(file).catch(() => undefined);
    if (text !== undefined) return staticFile(text, 'application/json; charset=utf-8', REVALIDATE);
  }
  return undefined;
}

/** `<root>/.svc/...` for a project's model; also beside the directory the model's modules are in. */
export function documentCandidates(root: string, baseDir: string): string[] {
  return [...new Set([join(root, DOCUMENT_FILE), join(baseDir, DOCUMENT_FILE)])];
}
