/**
 * `.svc/build.json`: where `svc build` put the entry, so `svc start` finds it without reading
 * tsconfig.json (and so without loading `typescript`).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { CliError } from './cli-error.js';
import { toPosix } from './emit-paths.js';
import { ENTRY_FILE } from './entry-file.js';

const BUILD_INFO = join('.svc', 'build.json');

export function writeBuildInfo(root: string, entry: string): void {
  mkdirSync(join(root, '.svc'), { recursive: true });
  const info = { entry: toPosix(relative(root, entry)) };
  writeFileSync(join(root, BUILD_INFO), JSON.stringify(info, null, 2) + '\n');
}

/** The entry of the last build: from .svc/build.json, else `dist/main.mjs`. */
export function findBuildEntry(root: string): string {
  const infoFile = join(root, BUILD_INFO);
  const recorded = existsSync(infoFile)
    ? (JSON.parse(readFileSync(infoFile, 'utf8')) as { entry?: string }).entry
    : undefined;
  const entry = resolve(root, recorded ?? join('dist', ENTRY_FILE));
  if (!existsSync(entry)) {
    throw new CliError(
      `no build found at ${toPosix(relative(root, entry))}: run \`svc build\` first [SVC_ERR_BUILD_MISSING]`,
    );
  }
  return entry;
}
