/**
 * Lifecycle components: `component(Class)` makes a decorator factory whose arguments go to the
 * class constructor; role decorators mark the class's methods, with the role the decorator table
 * gives them.
 */
import { DECORATORS } from '../../model/decorators.js';
import { SvcError } from '../errors/svc-error.js';
import type { Constructor } from './metadata.js';
import { recordOfClass, recordOfMethod, type ClassOrMethodDecorator } from './targets.js';

type RoleDecoratorName =
  'Middleware' | 'Guard' | 'Interceptor' | 'PreInterceptor' | 'PostInterceptor' | 'Catch';

function roleDecorator(name: RoleDecoratorName, catches?: Constructor): MethodDecorator {
  const role = DECORATORS[name].role.role;
  return (target, propertyKey) => {
    const record = recordOfMethod(target, propertyKey);
    if (record.role) {
      throw new SvcError(
        'SVC_ERR_DUPLICATE_DECORATOR',
        `${String(propertyKey)} has two lifecycle role decorators (${record.role.role} and ${role}); use one per method`,
      );
    }
    record.role = catches ? { role, catches } : { role };
  };
}

export const Middleware = (): MethodDecorator => roleDecorator('Middleware');
export const Guard = (): MethodDecorator => roleDecorator('Guard');
/**
 * An around-interceptor: wraps the pre-interceptors, the handler and the post-interceptors. Its
 * `@Next()` parameter runs them; what it returns is the response value (docs/lifecycle.md).
 */
export const Interceptor = (): MethodDecorator => roleDecorator('Interceptor');
export const PreInterceptor = (): MethodDecorator => roleDecorator('PreInterceptor');
export const PostInterceptor = (): MethodDecorator => roleDecorator('PostInterceptor');
/**
 * Turns a thrown error (of `errorClass`, or any error) into a response. The runtime matches
 * errors against the class the app model names; the live class recorded here only lets the
 * start-up check see that the model still names the same one.
 */
export const Catch = (errorClass?: Constructor): MethodDecorator => roleDecorator('Catch', errorClass);

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
