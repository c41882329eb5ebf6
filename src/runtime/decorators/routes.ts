/** Controller, route and response decorators: `@Controller`, `@Get`..., `defineMethod`, `@StatusCode`, `@SetHeader`. */
import { CUSTOM_METHOD_NAME } from '../../model/http-methods.js';
import type { RouteRecord } from './metadata.js';
import { recordOfClass, recordOfMethod, type ClassOrMethodDecorator } from './targets.js';

export function Controller(path = ''): ClassDecorator {
  return (target) => {
    recordOfClass(target).controllerPath = path;
  };
}

function routeDecorator(
  httpMethod: string,
  kind: RouteRecord['kind'],
  custom: boolean,
  path: string,
): MethodDecorator {
  return (target, propertyKey) => {
    const record = recordOfMethod(target, propertyKey);
    if (record.route) {
      throw new Error(
        `svc: ${String(propertyKey)} has two route decorators (${record.route.httpMethod} and ${httpMethod}); use one per method`,
      );
    }
    record.route = { methodName: String(propertyKey), httpMethod, kind, custom, path };
  };
}

export const Get = (path = ''): MethodDecorator => routeDecorator('GET', 'http', false, path);
export const Post = (path = ''): MethodDecorator => routeDecorator('POST', 'http', false, path);
export const Put = (path = ''): MethodDecorator => routeDecorator('PUT', 'http', false, path);
export const Patch = (path = ''): MethodDecorator => routeDecorator('PATCH', 'http', false, path);
export const Delete = (path = ''): MethodDecorator => routeDecorator('DELETE', 'http', false, path);
export const SSE = (path = ''): MethodDecorator => routeDecorator('GET', 'sse', false, path);
export const WebSocket = (path = ''): MethodDecorator => routeDecorator('GET', 'websocket', false, path);

/**
 * A user-defined HTTP method: `export const Custom = defineMethod('CUSTOM')`, then
 * `@Custom('path')` on a route. The name is an HTTP token in upper case.
 */
export function defineMethod(name: string): (path?: string) => MethodDecorator {
  if (!CUSTOM_METHOD_NAME.test(name)) {
    throw new Error(`svc: defineMethod('${name}'): a method name is upper-case letters, digits, '_' or '-'`);
  }
  return (path = '') => routeDecorator(name, 'http', true, path);
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
