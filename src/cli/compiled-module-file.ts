/**
 * `svc build` only: writes `<outDir>/app-compiled.mjs`, the model's validators and serializers
 * as code, beside the model `svc start` reads it with (src/runtime/compiled). A file of its own:
 * making that code loads svc's validation and serialization runtime and ajv's standalone
 * compiler, which `svc dev` (it imports app-model-file.ts at launch) must not pay for.
 */
import { join } from 'node:path';
import type { AppModel } from '../model/app-model.js';
import { compiledModuleSource } from '../runtime/compiled/emit-module.js';
import { COMPILED_MODULE_FILE } from '../runtime/compiled/module-shape.js';
import { writeTextIfChanged } from './app-model-file.js';

export function writeCompiledModule(outDir: string, model: AppModel): boolean {
  return writeTextIfChanged(join(outDir, COMPILED_MODULE_FILE), compiledModuleSource(model));
}
