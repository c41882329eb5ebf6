/**
 * Finds the app model: an object or a JSON path given in options; else `<root>/.svc/app-model.json`
 * (root = the option, else the working directory); else, with no root given, next to the running
 * code: the build's `app-model.json` beside the main script, or the nearest `.svc/app-model.json`
 * above it (so `node /srv/app/dist/main.js` works from any directory).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { APP_MODEL_VERSION, type AppModel } from '../../model/app-model.js';
import type { CreateAppOptions } from '../app-types.js';
import { loadCompiled } from '../compiled/load.js';
import { SvcError } from '../errors/svc-error.js';
import { ROOT_MODEL_FILE, type CompileMapping, type ModelFile } from './model-file.js';
import { staleError } from './stale.js';

export interface LoadedModel {
  model: AppModel;
  /** Directory the model's module paths are relative to. */
  baseDir: string;
  /** Where the JavaScript of the model's TypeScript modules is (root models only). */
  compile: CompileMapping | undefined;
}

/** The build writes its model under this name beside the compiled code. */
const BUILD_MODEL_FILE = 'app-model.json';

/**
 * Module paths are relative to `baseDir`: the option when given; else the model file's
 * directory for an explicit model path or a build's model; else the root.
 */
export async function loadModel(
  options: CreateAppOptions,
  mainScript: string | undefined = process.argv[1],
): Promise<LoadedModel> {
  const root = resolve(options.root ?? process.cwd());
  if (options.model !== undefined && typeof options.model === 'object') {
    const model = options.model as ModelFile;
    return checked({ model, baseDir: resolve(options.baseDir ?? root), compile: model.compile });
  }
  const found =
    typeof options.model === 'string'
      ? givenModelFile(resolve(root, options.model))
      : findModelFile(root, options.root === undefined ? mainScript : undefined);
  const model = JSON.parse(await readFile(found.file, 'utf8')) as ModelFile;
  const loaded = checked({
    model,
    baseDir: resolve(options.baseDir ?? found.baseDir),
    compile: model.compile,
  });
  if (isBuildModel(found.file, model) && !isDev(options, model))
    await loadCompiled(found.file, model.schemas, warnSink(options));
  return loaded;
}

/**
 * `svc build` writes `app-model.json` beside the compiled code, without the compile mapping the
 * root model always has; app-compiled.mjs is beside it (src/runtime/compiled/load.ts).
 */
function isBuildModel(file: string, model: ModelFile): boolean {
  return model.compile === undefined && basename(file) === BUILD_MODEL_FILE;
}

/** Dev mode compiles each route on its first request instead (compile-route.ts). */
function isDev(options: CreateAppOptions, model: AppModel): boolean {
  return options.dev ?? model.options?.dev ?? process.env.NODE_ENV === 'development';
}

/** Start-up's warnings go where the app logs (the `log` option), before settings are resolved. */
function warnSink(options: CreateAppOptions): (line: string) => void {
  const log = options.log;
  if (typeof log === 'function') return log;
  return log === false ? () => {} : (line) => console.error(line);
}

interface FoundModel {
  file: string;
  baseDir: string;
}

function givenModelFile(file: string): FoundModel {
  if (!existsSync(file)) throw new SvcError('SVC_ERR_MODEL_MISSING', `no app model at ${file}`);
  return { file, baseDir: dirname(file) };
}

function findModelFile(root: string, mainScript: string | undefined): FoundModel {
  const candidates: FoundModel[] = [{ file: join(root, ROOT_MODEL_FILE), baseDir: root }];
  if (mainScript !== undefined) candidates.push(...besideRunningCode(resolve(mainScript)));
  const found = candidates.find((candidate) => existsSync(candidate.file));
  if (found) return found;
  const beside = mainScript === undefined ? '' : ` or next to ${mainScript}`;
  throw new SvcError(
    'SVC_ERR_MODEL_MISSING',
    `no app model at ${join(root, ROOT_MODEL_FILE)}${beside}: run \`svc build\` or \`svc dev\` first`,
  );
}

/** The build's model beside the main script, then each `.svc/app-model.json` above it. */
function besideRunningCode(mainScript: string): FoundModel[] {
  const here = dirname(mainScript);
  const candidates: FoundModel[] = [{ file: join(here, BUILD_MODEL_FILE), baseDir: here }];
  for (let dir = here; ; dir = dirname(dir)) {
    candidates.push({ file: join(dir, ROOT_MODEL_FILE), baseDir: dir });
    if (dirname(dir) === dir) return candidates;
  }
}

function checked(loaded: LoadedModel): LoadedModel {
  if (loaded.model.version !== APP_MODEL_VERSION) {
    throw staleError(
      `the app model has version ${String(loaded.model.version)}, this runtime reads ${APP_MODEL_VERSION}`,
    );
  }
  return loaded;
}
