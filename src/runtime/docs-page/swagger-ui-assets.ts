/**
 * Swagger UI's browser files, read from the installed `swagger-ui-dist` package (never a CDN).
 * Only the files the page links are served, by a fixed name: no part of a request path ever
 * becomes a file system path, so nothing outside this list can be reached.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ASSET_CACHE, staticFile, type StaticFile } from './static-file.js';

/** Served name → content type; the same names as in the package. */
const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

export const STYLESHEET = 'swagger-ui.css';
export const SCRIPT = 'swagger-ui-bundle.js';
export const ICON = 'favicon-32x32.png';

let loaded: Map<string, StaticFile> | undefined;

/** The files by served name, read once per process (about 2 MB) when the first app enables the page. */
export function swaggerUiAssets(): Map<string, StaticFile> {
  if (loaded) return loaded;
  const packageDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  loaded = new Map(
    Object.entries(ASSETS).map(([name, type]) => [
      name,
      staticFile(readFileSync(join(packageDir, name)), type, ASSET_CACHE),
    ]),
  );
  return loaded;
}
