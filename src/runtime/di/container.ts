/**
 * Constructor injection, kept small: providers from `@App({providers})` matched by the
 * dependency's declared class name; a class with a no-argument constructor needs no
 * registration (it is imported through the model's module/export name). Singletons only.
 */
import type { DependencyModel } from '../../model/app-model.js';
import type { Constructor, Provider } from '../decorators/metadata.js';
import { SvcError } from '../errors/svc-error.js';

/** Loads the class a dependency names (from its module and export), when the model knows where. */
export type ClassLoader = (dependency: DependencyModel) => Promise<Constructor | undefined>;

type Factory = () => unknown;

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

export class Container {
  private readonly factories = new Map<string, Factory>();
  private readonly instances = new Map<string, unknown>();

  constructor(
    providers: readonly Provider[],
    private readonly loadClass: ClassLoader,
  ) {
    for (const provider of providers) this.register(provider);
  }

  private register(provider: Provider): void {
    if (typeof provider === 'function') {
      this.factories.set(provider.name, () => construct(provider));
    } else if ('useValue' in provider) {
      this.factories.set(provider.provide.name, () => provider.useValue);
    } else if ('useClass' in provider) {
      this.factories.set(provider.provide.name, () => construct(provider.useClass));
    } else {
      this.factories.set(provider.provide.name, provider.useFactory);
    }
  }

  /** Creates `target` with `leadingArgs` first, the remaining constructor parameters injected. */
  async instantiate(
    target: Constructor,
    dependencies: readonly DependencyModel[],
    owner: string,
    leadingArgs: readonly unknown[] = [],
  ): Promise<unknown> {
    const args: unknown[] = [...leadingArgs];
    for (const dependency of dependencies) {
      // Decorator arguments take their places; a primitive-typed parameter with no argument keeps its default.
      if (dependency.index < leadingArgs.length || NOT_INJECTABLE.has(dependency.typeName)) continue;
      args[dependency.index] = await this.resolve(dependency, owner);
    }
    return new (target as new (...params: unknown[]) => unknown)(...args);
  }

  /** The singleton for a dependency: registered provider, else a no-argument class. */
  async resolve(dependency: DependencyModel, owner: string): Promise<unknown> {
    const key = dependency.typeName;
    if (this.instances.has(key)) return this.instances.get(key);
    const factory = this.factories.get(key) ?? (await this.implicitFactory(dependency, owner));
    const instance = factory();
    this.instances.set(key, instance);
    return instance;
  }

  private async implicitFactory(dependency: DependencyModel, owner: string): Promise<Factory> {
    const target = await this.loadClass(dependency);
    if (target === undefined || target.length > 0) throw missingProvider(dependency, owner);
    return () => construct(target);
  }
}

function construct(target: Constructor): unknown {
  return new (target as new () => unknown)();
}

function missingProvider(dependency: DependencyModel, owner: string): SvcError {
  return new SvcError(
    'SVC_ERR_MISSING_PROVIDER',
    `${owner}: constructor parameter '${dependency.name}' needs a '${dependency.typeName}' and no provider supplies one; ` +
      `add it to @App({ providers: [...] }) (a class with a no-argument constructor needs no registration)`,
  );
}
