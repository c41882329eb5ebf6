/**
 * The `onInit()` / `onShutdown()` hooks of the instances the container built (providers,
 * controllers, components). onInit runs in construction order, so a dependency is ready before
 * the classes that use it; onShutdown in the reverse order, so nothing is closed while a
 * dependent may still use it. Each hook is awaited before the next.
 */
import { SvcError } from '../errors/svc-error.js';

import type { ErrorCode } from '../errors/catalogue.js';

type Hook = 'onInit' | 'onShutdown';

/** Awaits every `onInit()`; the first failure stops start-up, naming the class. */
export async function runInitHooks(instances: readonly unknown[]): Promise<void> {
  for (const instance of instances) {
    const hook = hookOf(instance, 'onInit');
    if (hook === undefined) continue;
    try {
      await hook();
    } catch (error) {
      throw hookError('SVC_ERR_ON_INIT_FAILED', instance, 'onInit', error);
    }
  }
}

/**
 * Awaits every `onShutdown()`, last-built first. A failing hook does not keep the others from
 * running (each has its own resources to release); the first failure is thrown after all ran.
 */
export async function runShutdownHooks(instances: readonly unknown[]): Promise<void> {
  let failure: SvcError | undefined;
  for (const instance of [...instances].reverse()) {
    const hook = hookOf(instance, 'onShutdown');
    if (hook === undefined) continue;
    try {
      await hook();
    } catch (error) {
      failure ??= hookError('SVC_ERR_ON_SHUTDOWN_FAILED', instance, 'onShutdown', error);
    }
  }
  if (failure) throw failure;
}

function hookOf(instance: unknown, name: Hook): (() => unknown) | undefined {
  if (typeof instance !== 'object' || instance === null) return undefined;
  const hook = (instance as Record<string, unknown>)[name];
  return typeof hook === 'function' ? () => (hook as () => unknown).call(instance) : undefined;
}

function hookError(code: ErrorCode, instance: unknown, hook: Hook, cause: unknown): SvcError {
  const className = (instance as object).constructor?.name || 'an instance';
  const reason = cause instanceof Error ? cause.message : String(cause);
  const error = new SvcError(code, `${className}.${hook}() failed: ${reason}`);
  return Object.assign(error, { cause });
}
