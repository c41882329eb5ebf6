/** The app model written beside the compiled code, its module paths pointing at the emitted `.js`. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppModel, DependencyModel } from '../model/app-model.js';

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
    })),
    ...(model.app && { app: { ...model.app, module: toEmitted(model.app.module) } }),
  };
}

/** Writes `<outDir>/app-model.json`; returns true when its content changed. */
export function writeEmittedModel(outDir: string, model: AppModel): boolean {
  const file = join(outDir, APP_MODEL_FILE);
  const text = JSON.stringify(model, null, 2) + '\n';
  if (readOrEmpty(file) === text) return false;
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
