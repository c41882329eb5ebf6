/** Where `createTestApp` writes a project file's JavaScript (no `typescript` needed to know it). */
import type { ModuleWorld } from './module-world.js';

/**
 * `src/a.ts` → `src/a.mjs` (`.cts` → `.cjs`): ES modules whatever the project's package type;
 * every file → `.cjs` when the project is loaded through `require`.
 */
export function outputName(file: string, world: ModuleWorld = 'esm'): string {
  return file.replace(/\.(m|c)?tsx?$/, (_match, kind: string | undefined) =>
    kind === 'c' || world === 'cjs' ? '.cjs' : '.mjs',
  );
}
