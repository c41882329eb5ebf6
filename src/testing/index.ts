/**
 * `svcjs/testing`: analyze a project in-process and serve it without a port.
 *
 *   const app = await createTestApp({ root: 'path/to/project' });
 *   const res = await app.inject({ method: 'GET', url: '/api/books' });
 *
 * The project's sources are transpiled with its own tsconfig (decorators, `paths`) into a
 * temporary directory, and the modules the app model names are imported from there, so no
 * TypeScript loader has to know the project and the user's entry file never runs. Analysis
 * errors throw, formatted with file:line; type errors only with `typeCheck`. A project whose
 * sources did not change since the last successful run starts from that run's model and files,
 * without loading the analyzer (warm-cache.ts).
 *
 *   createTestApp({ root, overrides: [{ provide: BookRepo, useValue: fakeRepo }] })
 */
import { join, resolve } from 'node:path';
import { formatDiagnostic } from '../analyzer/diagnostics.js';
import { externalProgramFiles, takeStamp } from '../cli/source-stamp.js';
import type { CreateAppOptions, SvcApp } from '../runtime/app-types.js';
import { createApp } from '../runtime/app/create-app.js';
import type { AppModel } from '../model/app-model.js';
import type { Override } from '../runtime/di/container.js';
import { matchOverrides, modelModules, type Namespaces } from './project-modules.js';
import { CURRENT_WORLD, loadModule } from './module-world.js';
import { removeScratchDir } from './scratch-dirs.js';
import { outputName } from './output-name.js';
import { saveWarmStart, warmStart } from './warm-cache.js';

export interface TestAppOptions extends Omit<CreateAppOptions, 'model' | 'baseDir'> {
  /** The project root (holds tsconfig.json). */
  root: string;
  /**
   * Also fail on TypeScript type errors (SVC_ERR_TYPE_CHECK), as `svc build` does. Off by
   * default: a test is about behaviour, and the full type check is most of the start-up time.
   */
  typeCheck?: boolean;
  /**
   * Replacements for this app only: providers, controllers and lifecycle component classes
   * (guards, middleware, ...). `provide` is the class; the test may import it from the sources,
   * it is matched to the app's copy by its exported name. An override class for a component
   * receives the component's decorator arguments, as the class it replaces does.
   */
  overrides?: readonly Override[];
}

export class AnalysisFailedError extends Error {
  constructor(readonly lines: string[]) {
    super(`svc: the project has analysis errors:\n${lines.join('\n')}`);
    this.name = 'AnalysisFailedError';
  }
}

export async function createTestApp(options: TestAppOptions): Promise<SvcApp> {
  const root = resolve(options.root);
  const typeCheck = options.typeCheck ?? false;
  const { model, outDir } = warmStart(root, CURRENT_WORLD, typeCheck) ?? (await analyze(root, typeCheck));
  try {
    return await startApp(options, root, model, outDir);
  } catch (error) {
    if (outDir) removeScratchDir(outDir);
    throw error;
  }
}

/**
 * The full path: analysis and transpilation, kept for the next run of an unchanged project
 * (warm-cache.ts). The analyzer loads `typescript`, so it is imported only here.
 */
async function analyze(root: string, typeCheck: boolean): Promise<{ model: AppModel; outDir?: string }> {
  const stamp = takeStamp(root);
  const [{ analyzeProject }, { transpileProject }] = await Promise.all([
    import('../analyzer/index.js'),
    import('./transpile.js'),
  ]);
  const result = analyzeProject({ root, typeCheck });
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0 || result.model === undefined) {
    throw new AnalysisFailedError(errors.map(formatDiagnostic));
  }
  const model = result.model;
  if (!result.program) return { model };
  const outDir = transpileProject(root, result.program, CURRENT_WORLD);
  const externalFiles = externalProgramFiles(root, result.program);
  saveWarmStart(root, CURRENT_WORLD, { stamp, externalFiles, typeChecked: typeCheck, model, outDir });
  return { model, outDir };
}

async function startApp(
  options: TestAppOptions,
  root: string,
  model: AppModel,
  outDir: string | undefined,
): Promise<SvcApp> {
  const modules = outDir ? await importModelModules(model, outDir) : {};
  const { typeCheck: _typeCheck, ...appOptions } = options;
  const given = { ...modules, ...options.modules };
  const app = await createApp({
    ...appOptions,
    root,
    model,
    baseDir: root,
    modules: given,
    overrides: matchOverrides(options.overrides ?? [], given),
  });
  return outDir ? removeOnClose(app, outDir) : app;
}

/** The compiled sources stay while the app runs (its code may import lazily) and go with it. */
function removeOnClose(app: SvcApp, outDir: string): SvcApp {
  const close = app.close.bind(app);
  return Object.assign(app, {
    close: async () => {
      try {
        return await close();
      } finally {
        removeScratchDir(outDir);
      }
    },
  });
}

/** Imports the transpiled modules the model names, keyed by the model's module paths. */
async function importModelModules(model: AppModel, outDir: string): Promise<Namespaces> {
  const modules: Namespaces = {};
  for (const module of modelModules(model)) {
    modules[module] = await loadModule(join(outDir, outputName(module, CURRENT_WORLD)), CURRENT_WORLD);
  }
  return modules;
}

export type { SvcApp, InjectRequest, InjectResponse } from '../runtime/app-types.js';
export type { Override } from '../runtime/di/container.js';
