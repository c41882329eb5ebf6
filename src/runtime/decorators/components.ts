/**
 * Lifecycle components: `component(Class)` makes a decorator factory whose arguments go to the
 * class constructor; role decorators mark the class's methods.
 */
import type { ComponentRole } from '../../model/app-model.js';
import type { Constructor } from './metadata.js';
import { recordOfClass, recordOfMethod, type ClassOrMethodDecorator } from './targets.js';

function roleDecorator(role: ComponentRole, catches?: Constructor): MethodDecorator {
  return (target, propertyKey) => {
    const record = recordOfMethod(target, propertyKey);
    if (record.role) throw new Error(`svc: ${String(propertyKey)} has two lifecycle role decorators`);
    record.role = catches ? { role, catches } : { role };
  };
}

export const Middleware = (): MethodDecorator => roleDecorator('middleware');
export const Guard = (): MethodDecorator => roleDecorator('guard');
export const PreInterceptor = (): MethodDecorator => roleDecorator('preInterceptor');
export const PostInterceptor = (): MethodDecorator => roleDecorator('postInterceptor');
/** Turns a thrown error (of `errorClass`, or any error) into a response. */
export const Catch = (errorClass?: Constructor): MethodDecorator => roleDecorator('catch', errorClass);

/**
 * `export const RequireAuth = component(BearerAuth)`; then `@RequireAuth()` on a route, a
 * controller or the `@App` class. The arguments are passed to `new BearerAuth(...args)`, and
 * the constructor parameters after them are provided like a controller's dependencies, which
 * is why every argument is optional here.
 */
export function component<C extends Constructor>(
  componentClass: C,
): (...args: Partial<ConstructorParameters<C>>) => ClassOrMethodDecorator {
  recordOfClass(componentClass);
  return (...args) =>
    (target, propertyKey) => {
      const record =
        propertyKey === undefined ? recordOfClass(target as Function) : recordOfMethod(target, propertyKey);
      record.components.unshift({ componentClass, args });
    };
}
