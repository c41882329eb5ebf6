/** The modules the runtime must import so that every decorator in the model has run. */
import type { AppModel } from '../model/app-model.js';

export function collectModules(model: AppModel): string[] {
  const modules = new Set<string>();
  if (model.app) modules.add(model.app.module);
  for (const owner of [...model.controllers, ...model.components, ...(model.injectables ?? [])]) {
    modules.add(owner.module);
    for (const dependency of owner.dependencies) {
      if (dependency.module) modules.add(dependency.module);
    }
  }
  return [...modules].sort();
}
