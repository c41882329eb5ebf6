/**
 * Controller, route and response decorators: `@Controller`, `@Get`..., `@QueryMethod`, `defineMethod`,
 * `@StatusCode`, `@SetHeader`. HTTP methods, route kinds and defaults come from the decorator
 * table the analyzer reads too.
 */
import { CUSTOM_ROUTE_PATH, DECORATORS, normalizeArgument } from '../../model/decorators.js';
import { CUSTOM_METHOD_NAME } from '../../model/http-methods.js';
import { SvcError } from '../errors/svc-error.js';
import type { RouteRecord } from './metadata.js';
import { recordOfClass, recordOfMethod, type ClassOrMethodDecorator } from './targets.js';

export function Controller(path?: string): ClassDecorator {
  const controllerPath = normalizeArgument(DECORATORS.Controller.args[0], path);
  return (target) => {
    recordOfClass(target).controllerPath = controllerPath;
  };
}

type RouteDecoratorName = 'Get' | 'Post' | 'Put' | 'Patch' | 'Delete' | 'QueryMethod' | 'SSE' | 'WebSocket';

function routeDecorator(route: Omit<RouteRecord, 'methodName'>): MethodDecorator {
  return (target, propertyKey) => {
    const record = recordOfMethod(target, propertyKey);
    if (record.route) {
      throw new SvcError(
        'SVC_ERR_DUPLICATE_DECORATOR',
        `${String(propertyKey)} has two route decorators (${record.route.httpMethod} and ${route.httpMethod}); use one per method`,
      );
    }
    record.route = { methodName: String(propertyKey), ...route };
  };
}

function builtinRoute(name: RouteDecoratorName, path: string | undefined): MethodDecorator {
  const spec = DECORATORS[name];
  return routeDecorator({
    httpMethod: spec.role.httpMethod,
    kind: spec.role.routeKind,
    custom: false,
    path: normalizeArgument(spec.args[0], path),
  });
}

export const Get = (path?: string): MethodDecorator => builtinRoute('Get', path);
export const Post = (path?: string): MethodDecorator => builtinRoute('Post', path);
export const Put = (path?: string): MethodDecorator => builtinRoute('Put', path);
export const Patch = (path?: string): MethodDecorator => builtinRoute('Patch', path);
export const Delete = (path?: string): MethodDecorator => builtinRoute('Delete', path);
/**
 * The HTTP QUERY method: a safe, idempotent request that carries its input in a body (bound with
 * `@Body()` and validated like POST's). `@Query` is taken by query-string parameters.
 */
export const QueryMethod = (path?: string): MethodDecorator => builtinRoute('QueryMethod', path);
export const SSE = (path?: string): MethodDecorator => builtinRoute('SSE', path);
export const WebSocket = (path?: string): MethodDecorator => builtinRoute('WebSocket', path);

/**
 * A user-defined HTTP method: `export const Custom = defineMethod('CUSTOM')`, then
 * `@Custom('path')` on a route. The name is an HTTP token in upper case. The decorators it makes
 * take the same path argument as `@Get`.
 */
export function defineMethod(name: string): (path?: string) => MethodDecorator {
  if (!CUSTOM_METHOD_NAME.test(name)) {
    throw new SvcError(
      'SVC_ERR_INVALID_METHOD_NAME',
      `defineMethod('${name}'): a method name is upper-case letters, digits, '_' or '-', starting with a letter`,
    );
  }
  return (path) =>
    routeDecorator({
      httpMethod: name,
      kind: 'http',
      custom: true,
      path: normalizeArgument(CUSTOM_ROUTE_PATH, path),
    });
}

/** The success status of a route (default 200). */
export function StatusCode(status: number): MethodDecorator {
  return (target, propertyKey) => {
    recordOfMethod(target, propertyKey).statusCode = status;
  };
}

/** Adds a response header to a route, or to every route of a controller. */
export function SetHeader(name: string, value: string): ClassOrMethodDecorator {
  return (target, propertyKey) => {
    const record =
      propertyKey === undefined ? recordOfClass(target as Function) : recordOfMethod(target, propertyKey);
    record.headers.unshift([name, value]);
  };
}
