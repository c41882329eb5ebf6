/**
 * Constructor injection, kept small. Classes are keyed by identity: a dependency's class is the
 * export the app model names (module + export name, so two same-named classes in different
 * files stay apart); only a type the model cannot import (an interface, a class outside the
 * project) is matched to a registered provider by name. Every provider's own constructor is
 * injected the same way, transitively. Singletons only.
 *
 * - registered (`@App({ providers })`): a class, `useValue`, `useClass` or `useFactory`;
 * - not registered: a class whose constructor takes no arguments is constructed as is;
 * - anything else is `SVC_ERR_MISSING_PROVIDER` naming the class and the parameter, and a
 *   dependency that leads back to itself is `SVC_ERR_PROVIDER_CYCLE` naming the chain.
 *
 * Overrides (tests) replace a provider, a controller or a lifecycle component class for one
 * app; an override class for a component receives the component's decorator arguments too.
 * Every instance is recorded in construction order, which is dependency order (a dependency is
 * built before the class that asked for it), for the onInit/onShutdown hooks.
 *
 * A type svc provides itself (`PubSub`, marked `framework` in the model) is the framework's own
 * instance, keyed by svc's class: a registered provider or an override of that class wins.
 */
import type { DependencyModel, InjectableModel } from '../../model/app-model.js';
import type { FrameworkProvided } from '../../model/framework-provided.js';
import type { Constructor, Provider } from '../decorators/metadata.js';
import { SvcError } from '../errors/svc-error.js';

/** A test's replacement for one class: `provide` is the class, by identity. */
export type Override = Exclude<Provider, Constructor>;

/** Loads the class a dependency names (from its module and export), when the model knows where. */
export type ClassLoader = (dependency: DependencyModel) => Promise<Constructor | undefined>;

/** svc's own class for each framework-provided type, and how to get the app's instance of it. */
export type FrameworkProviders = Record<FrameworkProvided, { target: Constructor; create: () => unknown }>;

/** Types no provider can stand for: left to the constructor's default when no argument is given. */
const NOT_INJECTABLE = new Set([
  'string',
  'number',
  'boolean',
  'bigint',
  'symbol',
  'unknown',
  'any',
  'object',
  'undefined',
  'null',
]);

/** The classes being constructed, outermost first: the controller or component, then its dependencies. */
type Chain = readonly { target: Constructor; name: string }[];

export class Container {
  private readonly providers = new Map<Constructor, Provider>();
  private readonly instances = new Map<Constructor, unknown>();
  private readonly overrides = new Map<Constructor, Override>();
  /** Every instance built or handed over, once each, dependencies before their dependents. */
  readonly created: unknown[] = [];
  /** Resolutions run one at a time, so a class being built is always on the current chain. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    providers: readonly Provider[],
    /** Dependency classes whose constructors take parameters, as the analyzer recorded them. */
    private readonly injectables: readonly InjectableModel[],
    private readonly loadClass: ClassLoader,
    overrides: readonly Override[] = [],
    private readonly framework?: FrameworkProviders,
  ) {
    for (const provider of providers)
      this.providers.set(typeof provider === 'function' ? provider : provider.provide, provider);
    for (const override of overrides) {
      this.overrides.set(override.provide, override);
      this.providers.set(override.provide, override);
    }
  }

  /** Creates `target` with `leadingArgs` first, the remaining constructor parameters injected. */
  instantiate(
    target: Constructor,
    dependencies: readonly DependencyModel[],
    owner: string,
    leadingArgs: readonly unknown[] = [],
  ): Promise<unknown> {
    const chain: Chain = [{ target, name: owner }];
    const override = this.overrides.get(target);
    const next = this.queue.then(() =>
      override
        ? this.provide(override, chain, leadingArgs)
        : this.construct(target, dependencies, chain, leadingArgs),
    );
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async construct(
    target: Constructor,
    dependencies: readonly DependencyModel[],
    chain: Chain,
    leadingArgs: readonly unknown[] = [],
  ): Promise<unknown> {
    const args: unknown[] = [...leadingArgs];
    for (const dependency of dependencies) {
      // Decorator arguments take their places; a primitive-typed parameter with no argument keeps its default.
      if (dependency.index < leadingArgs.length || dependency.optional) continue;
      if (NOT_INJECTABLE.has(dependency.typeName)) continue;
      args[dependency.index] = await this.resolve(dependency, chain);
    }
    return this.record(new (target as new (...params: unknown[]) => unknown)(...args));
  }

  private record<T>(instance: T): T {
    if (!this.created.includes(instance)) this.created.push(instance);
    return instance;
  }

  /** The singleton for one constructor parameter of the last class on `chain`. */
  private async resolve(dependency: DependencyModel, chain: Chain): Promise<unknown> {
    const key = await this.keyOf(dependency, chain);
    if (this.instances.has(key)) return this.instances.get(key);
    const path: Chain = [...chain, { target: key, name: key.name }];
    if (chain.some((link) => link.target === key)) throw cycleError(path);
    const provider = this.providers.get(key);
    const provided = dependency.framework && this.framework?.[dependency.framework];
    const instance = provider
      ? await this.provide(provider, path)
      : provided
        ? this.record(provided.create())
        : await this.implicit(key, dependency, chain);
    this.instances.set(key, instance);
    return instance;
  }

  /** The class a parameter asks for: the model's export; a registered provider by name otherwise. */
  private async keyOf(dependency: DependencyModel, chain: Chain): Promise<Constructor> {
    const provided = dependency.framework && this.framework?.[dependency.framework];
    if (provided) return provided.target;
    const imported = await this.importClass(dependency);
    if (imported !== undefined) return imported;
    const named = [...this.providers.keys()].filter((target) => target.name === dependency.typeName);
    if (named.length === 1) return named[0] as Constructor;
    throw missingProvider(
      dependency,
      chain,
      named.length > 1 ? 'several providers share that name' : undefined,
    );
  }

  private async provide(
    provider: Provider,
    path: Chain,
    leadingArgs: readonly unknown[] = [],
  ): Promise<unknown> {
    if ('useValue' in provider) return this.record(provider.useValue);
    if ('useFactory' in provider) return this.record(await provider.useFactory());
    const target = typeof provider === 'function' ? provider : provider.useClass;
    return this.construct(target, await this.dependenciesOf(target, leadingArgs.length), path, leadingArgs);
  }

  /** An unregistered class is constructed only when its constructor needs nothing. */
  private async implicit(target: Constructor, dependency: DependencyModel, chain: Chain): Promise<unknown> {
    if (target.length > 0 || (await this.dependenciesOf(target)).length > 0)
      throw missingProvider(dependency, chain, 'its constructor takes parameters, so it must be registered');
    return this.record(new (target as new () => unknown)());
  }

  /**
   * The recorded constructor parameters of `target`: the injectable of its name whose export it
   * is. A class the model does not know (a test's override) gets only the `given` leading arguments.
   */
  private async dependenciesOf(target: Constructor, given = 0): Promise<readonly DependencyModel[]> {
    for (const injectable of this.injectables) {
      if (injectable.className !== target.name) continue;
      const { className, module, exportName } = injectable;
      const dependency = { name: className, index: 0, typeName: className, module, exportName };
      if ((await this.importClass(dependency)) === target) return injectable.dependencies;
    }
    if (target.length <= given) return [];
    throw new SvcError(
      'SVC_ERR_MISSING_PROVIDER',
      `${target.name}: its constructor takes parameters the app model does not describe; ` +
        `export the class from a project file, or register it with useFactory or useValue`,
    );
  }

  /**
   * The class a dependency's module exports; undefined when the model names no module, or when
   * the module cannot be imported because it was bundled away (the bundle registered its classes).
   */
  private async importClass(dependency: DependencyModel): Promise<Constructor | undefined> {
    try {
      return await this.loadClass(dependency);
    } catch (error) {
      if (error instanceof SvcError && error.code === 'SVC_ERR_NOT_COMPILED') return undefined;
      throw error;
    }
  }
}

function missingProvider(dependency: DependencyModel, chain: Chain, why?: string): SvcError {
  const owner = chain[chain.length - 1]?.name ?? 'unknown';
  const via = chain.length > 1 ? ` (needed by ${namesOf(chain)})` : '';
  return new SvcError(
    'SVC_ERR_MISSING_PROVIDER',
    `${owner}: constructor parameter '${dependency.name}' needs a '${dependency.typeName}' and no provider supplies one` +
      `${why ? ` (${why})` : ''}${via}; add it to @App({ providers: [...] }) ` +
      `(a class with a no-argument constructor needs no registration)`,
  );
}

/** Names the loop itself (`A → B → A`), then who asked for its first class. */
function cycleError(path: Chain): SvcError {
  const repeated = path[path.length - 1]?.target;
  const start = path.findIndex((link) => link.target === repeated);
  const from = start > 0 ? ` (reached from ${namesOf(path.slice(0, start))})` : '';
  return new SvcError('SVC_ERR_PROVIDER_CYCLE', `dependency cycle: ${namesOf(path.slice(start))}${from}`);
}

function namesOf(chain: Chain): string {
  return chain.map((link) => link.name).join(' → ');
}
