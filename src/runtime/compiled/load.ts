/**
 * Start-up's side of the compiled code: the build's app-model.json has app-compiled.mjs beside
 * it; when that module is there and was compiled against the model's named schemas, its
 * validators and serializers are used and nothing is compiled. Missing or stale (an older build,
 * a model rewritten since), start-up compiles everything in the process as it does without a
 * build, and says so once: the app still serves, only its start is slower.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NamedSchemas } from '../../model/schema-walk.js';
import { schemasStamp } from './keys.js';
import { COMPILED_MODULE_FILE, type CompiledModule } from './module-shape.js';
import { CompiledStore, registerCompiled } from './store.js';

/** `modelFile`: the build's app-model.json. */
export async function loadCompiled(
  modelFile: string,
  schemas: NamedSchemas,
  warn: (line: string) => void,
): Promise<void> {
  const file = join(dirname(modelFile), COMPILED_MODULE_FILE);
  const fallback = (why: string) =>
    warn(`svc: warning: ${why}: validators and serializers are compiled at start (run \`svc build\`)`);
  if (!existsSync(file)) return fallback(`no ${COMPILED_MODULE_FILE} beside ${modelFile}`);
  const module = await importModule(file);
  if (module instanceof Error) return fallback(`${file} could not be loaded (${module.message})`);
  if (module.stamp !== schemasStamp(schemas) || !module.validators || !module.serializers)
    return fallback(`${file} was compiled from another app model (or by another svc version)`);
  registerCompiled(schemas, new CompiledStore(module as CompiledModule, file, warn));
}

/** A module cut short or edited by hand is an old build's, not a reason to stop. */
async function importModule(file: string): Promise<Partial<CompiledModule> | Error> {
  try {
    return (await import(pathToFileURL(file).href)) as Partial<CompiledModule>;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
