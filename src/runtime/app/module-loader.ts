/**
 * Imports the app's modules so that every decorator in the model has run, without ever loading a
 * class twice: a module handed over in options is used as it is, and a module whose decorated
 * classes the process already registered (the user imported them, or a bundle inlined them) is
 * not imported again; the join then finds those classes in the decorator registry by name.
 * Modules that only hold dependency classes are imported when the container needs one.
 */
import type { AppModel, DependencyModel } from '../../model/app-model.js';
import { allClassRecords, type Constructor } from '../decorators/metadata.js';
import type { ModuleNamespaces } from './join.js';
import type { ModuleLocator, Namespace } from './module-locator.js';

export class ModuleLoader {
  readonly namespaces: ModuleNamespaces = {};

  constructor(
    private readonly locator: ModuleLocator,
    private readonly given: Record<string, Namespace> = {},
  ) {}

  async load(module: string): Promise<Namespace> {
    const known = this.namespaces[module] ?? this.given[module];
    if (known) return (this.namespaces[module] = known);
    const namespace = await this.locator.import(module);
    this.namespaces[module] = namespace;
    return namespace;
  }

  /** Imports, in the model's order, each module declaring a decorated class not registered yet. */
  async loadAll(model: AppModel): Promise<ModuleNamespaces> {
    const declared = declaredClasses(model);
    for (const module of model.modules) {
      const classes = declared.get(module);
      if (this.given[module]) await this.load(module);
      else if (classes && !classes.every((name) => registeredClass(name) !== undefined))
        await this.load(module);
    }
    return this.namespaces;
  }

  /** The class a dependency names: already registered, else its module's export. */
  async loadClass(dependency: DependencyModel): Promise<Constructor | undefined> {
    const { module, exportName } = dependency;
    if (module === undefined || exportName === undefined) return undefined;
    const loaded = this.namespaces[module] ?? this.given[module];
    const registered = loaded ? undefined : registeredClass(dependency.typeName);
    const value = registered ?? (await this.load(module))[exportName];
    return typeof value === 'function' ? (value as Constructor) : undefined;
  }
}

/** Module → names of the decorated classes (controllers, components, the app) it declares. */
function declaredClasses(model: AppModel): Map<string, string[]> {
  const declared = new Map<string, string[]>();
  const owners = [...model.controllers, ...model.components, ...(model.app ? [model.app] : [])];
  for (const owner of owners) {
    declared.set(owner.module, [...(declared.get(owner.module) ?? []), owner.className]);
  }
  return declared;
}

/** The one registered class of that name; none when absent or ambiguous (several apps in one process). */
function registeredClass(name: string): Constructor | undefined {
  let found: Constructor | undefined;
  for (const target of allClassRecords().keys()) {
    if (target.name !== name) continue;
    if (found) return undefined;
    found = target;
  }
  return found;
}
