/**
 * The interactive API reference (`docs` option): Swagger UI on the app's OpenAPI document,
 * served by the app itself. On in dev mode unless `docs: false`; off otherwise unless given.
 */
export { withDocsPage, type DocsPageOptions } from './handler.js';
export { documentCandidates } from './document-file.js';

export const DEFAULT_DOCS_PATH = '/docs';

/** The docs path, or undefined when the page is off. */
export function resolveDocsPath(option: string | false | undefined, dev: boolean): string | undefined {
  if (option === false) return undefined;
  return option ?? (dev ? DEFAULT_DOCS_PATH : undefined);
}
