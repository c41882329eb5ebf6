/**
 * Which module system `svcjs/testing` itself was loaded through, so the project's transpiled
 * code is loaded through the same one and imports the same copy of `svcjs`.
 *
 * A `.ts` test in a package without `"type": "module"` is CommonJS; under tsx its
 * `require('svcjs/testing')` gets tsx's CommonJS translation of svc's ES modules, a second copy
 * of svc beside the one `import 'svcjs'` gives. Decorators that recorded into one copy's registry
 * are invisible to the other's `createApp` (every controller looked stale) and `instanceof`
 * between the copies fails, so the project must be loaded through `require` too.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export type ModuleWorld = 'esm' | 'cjs';

/** `module` exists in a CommonJS module's scope only (never in an ES module's). */
export const CURRENT_WORLD: ModuleWorld = typeof module === 'undefined' ? 'esm' : 'cjs';

/** Loads a transpiled project file the way this copy of svc was loaded. */
export async function loadModule(file: string, world: ModuleWorld): Promise<Record<string, unknown>> {
  if (world === 'cjs') return createRequire(file)(file) as Record<string, unknown>;
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}
