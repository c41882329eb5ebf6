/**
 * The app model as `svc dev` / `svc build` write it to `<root>/.svc/app-model.json`: the
 * analyzer's model (module paths relative to the root, as written in source: `src/a.ts`) plus
 * where a compiler puts the JavaScript of those sources, so a process that cannot import
 * TypeScript (plain `node` after `tsc`) finds the emitted files. Shared by the CLI (writer) and
 * the runtime (reader); it must stay free of `typescript`.
 */
import { posix } from 'node:path';
import type { AppModel } from '../../model/app-model.js';

/** Where the root model lives, relative to the project root. */
export const ROOT_MODEL_FILE = '.svc/app-model.json';

/** The tsconfig's layout: `<rootDir>/x.ts` compiles to `<outDir>/x.js`. Both relative to the root, posix. */
export interface CompileMapping {
  rootDir: string;
  outDir: string;
}

export interface ModelFile extends AppModel {
  /** Present in the root model; absent in a build's `app-model.json` (its paths are `.js` already). */
  compile?: CompileMapping;
}

const TS_TO_JS: Record<string, string> = { '.ts': '.js', '.tsx': '.js', '.mts': '.mjs', '.cts': '.cjs' };

/** True for a path TypeScript compiles (not a declaration file). */
export function isTypeScriptModule(module: string): boolean {
  return /\.(ts|tsx|mts|cts)$/.test(module) && !/\.d\.[cm]?ts$/.test(module);
}

/** `a/b.ts` → `a/b.js`, `.mts` → `.mjs`, `.cts` → `.cjs`. */
export function javascriptName(module: string): string {
  const extension = posix.extname(module);
  const replacement = TS_TO_JS[extension];
  return replacement === undefined ? module : module.slice(0, -extension.length) + replacement;
}

/**
 * Where the JavaScript of a root-relative source module may be, best first: through the mapping
 * (`src/a.ts` → `dist/a.js`), then beside the source (what `tsc` does without an outDir).
 */
export function emittedCandidates(module: string, mapping: CompileMapping | undefined): string[] {
  const candidates: string[] = [];
  if (mapping) {
    const inRoot = posix.relative(posix.normalize(mapping.rootDir), posix.normalize(module));
    if (!inRoot.startsWith('..')) candidates.push(posix.join(mapping.outDir, javascriptName(inRoot)));
  }
  const beside = javascriptName(module);
  if (!candidates.includes(beside)) candidates.push(beside);
  return candidates;
}
