/**
 * What `createTestApp` imports from the transpiled project, and how a test's overrides find the
 * classes there. Only the modules the app model names are imported (with whatever they import
 * themselves), so the user's entry file (`src/main.ts` calling `createApp().listen()`) never runs.
 *
 * The test imports the project's classes from the sources (through its TypeScript loader) while
 * the app runs the transpiled copies: two objects for one class. An override's `provide` (and a
 * `useClass` from the project) is therefore matched to the app's copy by its exported name.
 */
import type { AppModel } from '../model/app-model.js';
import type { Override } from '../runtime/di/container.js';
import { SvcError } from '../runtime/errors/svc-error.js';

export type Namespaces = Record<string, Record<string, unknown>>;
type Constructor = abstract new (...args: never[]) => unknown;

/** Controllers, components, the `@App` class, providers and their dependencies, catchers' error classes. */
export function modelModules(model: AppModel): string[] {
  const modules = new Set(model.modules);
  if (model.app) modules.add(model.app.module);
  for (const provider of model.app?.providers ?? []) modules.add(provider.module);
  for (const injectable of model.injectables ?? []) {
    modules.add(injectable.module);
    for (const dependency of injectable.dependencies) if (dependency.module) modules.add(dependency.module);
  }
  for (const owner of [...model.controllers, ...model.components]) {
    modules.add(owner.module);
    for (const dependency of owner.dependencies) if (dependency.module) modules.add(dependency.module);
  }
  for (const component of model.components) {
    for (const method of component.methods)
      if (method.catchesClass?.from === 'project') modules.add(method.catchesClass.module);
  }
  return [...modules].sort();
}

/** Each override with its classes swapped for the app's copies of the same exported class. */
export function matchOverrides(overrides: readonly Override[], namespaces: Namespaces): Override[] {
  const exported = exportedClasses(namespaces);
  return overrides.map((override, index) => {
    checkShape(override, index);
    const provide = appCopy(override.provide, exported, index);
    if ('useClass' in override) return { provide, useClass: appCopy(override.useClass, exported, index) };
    return { ...override, provide };
  });
}

function exportedClasses(namespaces: Namespaces): Map<string, Set<unknown>> {
  const byName = new Map<string, Set<unknown>>();
  for (const namespace of Object.values(namespaces)) {
    for (const value of Object.values(namespace)) {
      if (typeof value !== 'function' || !value.name) continue;
      byName.set(value.name, (byName.get(value.name) ?? new Set()).add(value));
    }
  }
  return byName;
}

/** The app's own class when the test holds the sources' copy; a class the project does not export stays as is. */
function appCopy<T extends Constructor>(target: T, exported: Map<string, Set<unknown>>, index: number): T {
  const candidates = exported.get(target.name);
  if (candidates === undefined || candidates.has(target)) return target;
  if (candidates.size === 1) return [...candidates][0] as T;
  throw new SvcError(
    'SVC_ERR_INVALID_OVERRIDE',
    `overrides[${index}]: the project exports several classes named '${target.name}', so the override ` +
      'cannot tell which one it replaces; give one of them another name',
  );
}

function checkShape(override: Override, index: number): void {
  const forms = ['useValue', 'useClass', 'useFactory'].filter((form) => form in override);
  const provide = (override as { provide?: unknown }).provide;
  if (typeof provide === 'function' && forms.length === 1) return;
  const what = typeof provide === 'function' ? `(${provide.name}) ` : '';
  throw new SvcError(
    'SVC_ERR_INVALID_OVERRIDE',
    `overrides[${index}] ${what}needs a class in 'provide' and exactly one of useValue, useClass, useFactory` +
      (forms.length > 0 ? ` (it has ${forms.join(', ')})` : ''),
  );
}
