/**
 * App models written by hand for the client generator's unit tests: a route, a controller and a
 * model with only what the generator reads, each part overridable.
 */
import type { AppModel, ControllerModel, ParamModel, RouteModel } from '../../src/model/app-model.js';

export function param(
  name: string,
  source: ParamModel['source'],
  extra: Partial<ParamModel> = {},
): ParamModel {
  return {
    file: 'a.ts',
    line: 1,
    index: 0,
    name,
    source,
    key: name,
    required: true,
    schema: { type: 'string' },
    ...extra,
  };
}

export function route(
  methodName: string,
  fullPath: string,
  params: ParamModel[],
  extra: Partial<RouteModel> = {},
): RouteModel {
  return {
    file: 'a.ts',
    line: 1,
    methodName,
    httpMethod: 'GET',
    kind: 'http',
    custom: false,
    path: '',
    fullPath,
    statusCode: 200,
    headers: [],
    components: [],
    params,
    returns: { kind: 'text', schema: { type: 'string' } },
    doc: { operationId: methodName, tags: [], hidden: false, responses: [] },
    ...extra,
  };
}

export function controller(className: string, baseName: string, routes: RouteModel[]): ControllerModel {
  const location = { file: 'a.ts', line: 1, module: 'a.ts' };
  return {
    ...location,
    className,
    basePath: '',
    baseName,
    headers: [],
    components: [],
    dependencies: [],
    routes,
  };
}

export function model(controllers: ControllerModel[], schemas: AppModel['schemas'] = {}): AppModel {
  const info = { title: 't', version: '1' };
  return {
    version: 1,
    prefix: '/api',
    host: 'localhost',
    port: 8080,
    info,
    controllers,
    components: [],
    schemas,
    modules: [],
  };
}

/** The method lines of the `Api` interface, without their doc comments. */
export function apiLines(text: string): string[] {
  const start = text.indexOf('export interface Api {');
  const block = text.slice(start, text.indexOf('\n}\n', start));
  return block
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => !line.startsWith('/**'));
}
