/** Hand-built app models for the writer tests: one controller (`things`) of the routes given. */
import type { AppModel, ParamModel, RouteModel } from '../../src/model/app-model.js';

const at = { file: 'src/app.ts', line: 1 };

export function param(partial: Partial<ParamModel> & Pick<ParamModel, 'name' | 'source'>): ParamModel {
  return { ...at, index: 0, key: partial.name, required: true, schema: { type: 'string' }, ...partial };
}

export function route(partial: Partial<RouteModel> & Pick<RouteModel, 'methodName'>): RouteModel {
  return {
    ...at,
    httpMethod: 'GET',
    kind: 'http',
    custom: false,
    path: '',
    fullPath: '/',
    statusCode: 200,
    headers: [],
    components: [],
    params: [],
    returns: { kind: 'json', schema: { type: 'string' } },
    doc: { operationId: `things_${partial.methodName}`, tags: ['things'], hidden: false, responses: [] },
    ...partial,
  };
}

export function app(routes: RouteModel[], overrides: Partial<AppModel> = {}): AppModel {
  return {
    version: 1,
    prefix: '',
    host: 'localhost',
    port: 8080,
    info: { title: 'API', version: '1.0.0' },
    controllers: [
      {
        ...at,
        className: 'ThingsController',
        module: 'src/app.ts',
        basePath: '',
        baseName: 'things',
        headers: [],
        components: [],
        dependencies: [],
        routes,
      },
    ],
    components: [],
    schemas: {},
    modules: ['src/app.ts'],
    ...overrides,
  };
}
