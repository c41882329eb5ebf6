/**
 * One component method compiled for a route: its instance, its bound method and its binder.
 * Running it is one function call with an argument list built by the binder.
 */
import type { ComponentRole } from '../../model/app-model.js';
import { compileBinder, type Binder } from '../binding/compile-binder.js';
import type { Constructor } from '../decorators/metadata.js';
import type { Exchange } from '../http/exchange.js';
import type { CoercerOptions } from '../validation/types.js';
import type { ComponentMethodModel } from '../../model/app-model.js';

export interface ComponentStep {
  role: ComponentRole;
  /** `BearerAuth.check`, for logs. */
  label: string;
  /** `@Catch(ErrorClass)`: the class it handles; undefined handles everything. */
  catches: Constructor | undefined;
  /** `@StatusCode` on a catcher: the status of its answer. */
  statusCode: number | undefined;
  params: ComponentMethodModel['params'];
  run(ex: Exchange): unknown;
}

export function compileStep(
  instance: object,
  className: string,
  method: ComponentMethodModel,
  live: { catches?: Constructor; statusCode?: number },
  options: CoercerOptions,
): ComponentStep {
  const fn = (instance as Record<string, unknown>)[method.methodName];
  if (typeof fn !== 'function') {
    throw new TypeError(`svc: ${className}.${method.methodName} is not a method`);
  }
  const bind: Binder = compileBinder(method.params, options);
  return {
    role: method.role,
    label: `${className}.${method.methodName}`,
    catches: live.catches,
    statusCode: live.statusCode,
    params: method.params,
    run: (ex) => fn.apply(instance, bind(ex)),
  };
}
