/** The app model written beside the compiled code, its module paths pointing at the emitted `.js`. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { AppClassModel, AppModel, ComponentMethodModel, DependencyModel } from '../model/app-model.js';
import { ROOT_MODEL_FILE, type CompileMapping, type ModelFile } from '../runtime/app/model-file.js';
import { toPosix } from './emit-paths.js';

export const APP_MODEL_FILE = 'app-model.json';

type ModuleMapper = (sourceModule: string) => string;

/** A copy of `model` whose every module path is the emitted module, relative to the output directory. */
export function emittedModel(model: AppModel, toEmitted: ModuleMapper): AppModel {
  const mapDependencies = (dependencies: DependencyModel[]) =>
    dependencies.map((dependency) =>
      dependency.module === undefined ? dependency : { ...dependency, module: toEmitted(dependency.module) },
    );
  return {
    ...model,
    modules: model.modules.map(toEmitted),
    controllers: model.controllers.map((controller) => ({
      ...controller,
      module: toEmitted(controller.module),
      dependencies: mapDependencies(controller.dependencies),
    })),
    components: model.components.map((component) => ({
      ...component,
      module: toEmitted(component.module),
      dependencies: mapDependencies(component.dependencies),
      methods: component.methods.map((method) => emittedCatcher(method, toEmitted)),
    })),
    ...(model.app && { app: emittedApp(model.app, toEmitted) }),
    ...(model.injectables && {
      injectables: model.injectables.map((injectable) => ({
        ...injectable,
        module: toEmitted(injectable.module),
        dependencies: mapDependencies(injectable.dependencies),
      })),
    }),
  };
}

/** A catcher's `@Catch` class from a project module is imported from the emitted file too. */
function emittedCatcher(method: ComponentMethodModel, toEmitted: ModuleMapper): ComponentMethodModel {
  const catches = method.catchesClass;
  if (catches?.from !== 'project') return method;
  return { ...method, catchesClass: { ...catches, module: toEmitted(catches.module) } };
}

function emittedApp(app: AppClassModel, toEmitted: ModuleMapper): AppClassModel {
  const emitted = { ...app, module: toEmitted(app.module) };
  if (app.providers)
    emitted.providers = app.providers.map((provider) => ({
      ...provider,
      module: toEmitted(provider.module),
    }));
  return emitted;
}

/** Writes `<outDir>/app-model.json`; returns true when its content changed. */
export function writeEmittedModel(outDir: string, model: AppModel): boolean {
  return writeIfChanged(join(outDir, APP_MODEL_FILE), model);
}

/** The tsconfig layout (absolute source base and output directory) as a root-relative mapping. */
export function compileMapping(root: string, sourceBase: string, outDir: string): CompileMapping {
  return {
    rootDir: toPosix(relative(root, sourceBase)) || '.',
    outDir: toPosix(relative(root, outDir)) || '.',
  };
}

/**
 * Writes `<root>/.svc/app-model.json`: the model with source module paths (`src/a.ts`), for a
 * user's own entry under tsx, and the compile mapping, for one compiled with tsc.
 */
export function writeRootModel(root: string, model: AppModel, compile: CompileMapping): boolean {
  const file: ModelFile = { ...model, compile };
  return writeIfChanged(join(root, ROOT_MODEL_FILE), file);
}

function writeIfChanged(file: string, value: unknown): boolean {
  return writeTextIfChanged(file, JSON.stringify(value, null, 2) + '\n');
}

/** Writes `text` to `file` unless it holds it already; returns true when it wrote. */
export function writeTextIfChanged(file: string, text: string): boolean {
  if (readOrEmpty(file) === text) return false;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return true;
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
