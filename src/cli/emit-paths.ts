/** Where the emitted file of a source file goes, and how its source map keeps pointing home. */
import { basename, dirname, extname, join, relative, sep } from 'node:path';

const JS_EXTENSION: Record<string, string> = {
  '.ts': '.js',
  '.tsx': '.js',
  '.mts': '.mjs',
  '.cts': '.cjs',
  '.js': '.js',
  '.jsx': '.js',
  '.mjs': '.mjs',
  '.cjs': '.cjs',
  '.json': '.json',
};

export function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** `a/b.ts` → `a/b.js` (`.mts` → `.mjs`, `.cts` → `.cjs`); other names keep their extension. */
export function emittedName(sourcePath: string): string {
  const extension = extname(sourcePath);
  const replacement = JS_EXTENSION[extension];
  return replacement === undefined ? sourcePath : sourcePath.slice(0, -extension.length) + replacement;
}

/** The file stem TypeScript names outputs after: `books.ts` → `books`, `x.d.mts` is never emitted. */
export function sourceStem(sourceFile: string): string {
  const name = basename(sourceFile);
  return name.slice(0, name.length - extname(name).length);
}

/**
 * Maps an output TypeScript computed (`<its outDir>/.../books.js.map`) to ours: same directory
 * layout relative to `sourceBase`, rooted at `outDir`, keeping the output's suffix.
 */
export function redirectOutput(
  computedOutput: string,
  sourceFile: string,
  sourceBase: string,
  outDir: string,
): string {
  const stem = sourceStem(sourceFile);
  const suffix = basename(computedOutput).slice(stem.length);
  return join(outDir, relative(sourceBase, dirname(sourceFile)), stem + suffix);
}

/** Source maps name their source relative to the map; the map moved, so name it again. */
export function rewriteSourceMap(mapText: string, mapPath: string, sourceFile: string): string {
  const map = JSON.parse(mapText) as { sources?: string[]; sourceRoot?: string };
  map.sources = [toPosix(relative(dirname(mapPath), sourceFile))];
  delete map.sourceRoot;
  return JSON.stringify(map);
}

/** True when `path` is `dir` or inside it. */
export function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel));
}
