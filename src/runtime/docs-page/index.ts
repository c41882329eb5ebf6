/**
 * The interactive API reference (`docs` option): Swagger UI on the app's OpenAPI document,
 * served by the app itself. On in dev mode unless `docs: false`; off otherwise unless given.
 */
export { withDocsPage, type DocsPageOptions } from './handler.js';
export { documentCandidates } from './document-file.js';
export { DEFAULT_DOCS_PATH, resolveDocsPath } from './docs-path.js';
