/**
 * The error class a catcher handles, found where the app model says it is exported: a project
 * module, svc's own error classes, or a JavaScript built-in. Resolved once at start-up.
 */
import type { CatchClassModel } from '../../model/app-model.js';
import type { Constructor } from '../decorators/metadata.js';
import * as httpErrors from '../errors/http-error.js';
import { SvcError } from '../errors/svc-error.js';
import { ValidationError } from '../errors/validation-error.js';

/** The error classes svc exports, which a catcher may name (`@Catch(NotFoundError)`). */
const SVC_ERROR_CLASSES: Readonly<Record<string, unknown>> = { ...httpErrors, SvcError, ValidationError };

export type CatchClassResolver = (ref: CatchClassModel, owner: string) => Promise<Constructor>;

/** A resolver that imports project modules with `loadModule` (the app's module loader). */
export function catchClassResolver(
  loadModule: (module: string) => Promise<Record<string, unknown>>,
): CatchClassResolver {
  return async (ref, owner) => {
    const value = await valueOf(ref, loadModule);
    if (typeof value === 'function') return value as Constructor;
    throw new SvcError(
      'SVC_ERR_CATCH_CLASS',
      `${owner}: the error class of its @Catch (${describe(ref)}) is not a class in the running code; ` +
        're-run the analyzer (svc build / svc dev)',
    );
  };
}

async function valueOf(
  ref: CatchClassModel,
  loadModule: (module: string) => Promise<Record<string, unknown>>,
): Promise<unknown> {
  switch (ref.from) {
    case 'svc':
      return SVC_ERROR_CLASSES[ref.exportName];
    case 'global':
      return (globalThis as Record<string, unknown>)[ref.name];
    case 'project':
      return (await loadModule(ref.module))[ref.exportName];
  }
}

function describe(ref: CatchClassModel): string {
  switch (ref.from) {
    case 'svc':
      return `svcjs export ${ref.exportName}`;
    case 'global':
      return `global ${ref.name}`;
    case 'project':
      return `export ${ref.exportName} of ${ref.module}`;
  }
}
