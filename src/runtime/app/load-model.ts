/** Finds the app model (an object, a JSON path, or `<root>/.svc/app-model.json`) and imports its modules. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_MODEL_VERSION, type AppModel } from '../../model/app-model.js';
import type { CreateAppOptions } from '../app-types.js';
import { SvcError } from '../errors/svc-error.js';
import type { ModuleNamespaces } from './join.js';
import { staleError } from './stale.js';

export interface LoadedModel {
  model: AppModel;
  /** Directory the model's module paths are relative to. */
  baseDir: string;
}

/**
 * Module paths are relative to `baseDir`: the option when given; else the model file's
 * directory for an explicit model path; else the root.
 */
export async function loadModel(options: CreateAppOptions): Promise<LoadedModel> {
  const root = resolve(options.root ?? process.cwd());
  if (options.model !== undefined && typeof options.model === 'object') {
    return checked({ model: options.model, baseDir: resolve(options.baseDir ?? root) });
  }
  const file =
    typeof options.model === 'string' ? resolve(root, options.model) : resolve(root, '.svc/app-model.json');
  if (!existsSync(file)) {
    throw new SvcError(
      'SVC_ERR_MODEL_MISSING',
      `no app model at ${file}; run \`svc build\` or \`svc dev\` first, or pass createApp({ model })`,
    );
  }
  const model = JSON.parse(await readFile(file, 'utf8')) as AppModel;
  const baseDir = options.baseDir ?? (typeof options.model === 'string' ? dirname(file) : root);
  return checked({ model, baseDir: resolve(baseDir) });
}

function checked(loaded: LoadedModel): LoadedModel {
  if (loaded.model.version !== APP_MODEL_VERSION) {
    throw staleError(
      `the app model has version ${String(loaded.model.version)}, this runtime reads ${APP_MODEL_VERSION}`,
    );
  }
  return loaded;
}

/** Imports every module of the model, in order; modules handed over in options are used as they are. */
export class ModuleLoader {
  readonly namespaces: ModuleNamespaces = {};

  constructor(
    private readonly baseDir: string,
    private readonly given: Record<string, Record<string, unknown>> = {},
  ) {}

  async load(module: string): Promise<Record<string, unknown>> {
    const known = this.namespaces[module] ?? this.given[module];
    if (known) return (this.namespaces[module] = known);
    const namespace = (await import(pathToFileURL(resolve(this.baseDir, module)).href)) as Record<
      string,
      unknown
    >;
    this.namespaces[module] = namespace;
    return namespace;
  }

  async loadAll(modules: readonly string[]): Promise<ModuleNamespaces> {
    for (const module of modules) await this.load(module);
    return this.namespaces;
  }
}
