/**
 * Joins the decorator records (live classes, component arguments, providers) with the app
 * model (names, types, schemas) by class name, method name and parameter index.
 */
import type {
  AppModel,
  ComponentModel,
  ControllerModel,
  RouteModel,
  SourceLocation,
} from '../../model/app-model.js';
import {
  allClassRecords,
  classRecord,
  type ClassRecord,
  type ComponentUse,
  type Constructor,
  type MethodRecord,
} from '../decorators/metadata.js';
import { expectSame, expectSameComponents, expectSameParams, staleError } from './stale.js';

export type ModuleNamespaces = Record<string, Record<string, unknown>>;

export interface JoinedRoute {
  model: RouteModel;
  record: MethodRecord;
}

export interface JoinedController {
  model: ControllerModel;
  target: Constructor;
  record: ClassRecord;
  routes: JoinedRoute[];
}

export interface JoinedApp {
  controllers: JoinedController[];
  /** The `@App` class's record, when the app has one. */
  appRecord: ClassRecord | undefined;
  componentModels: Map<string, ComponentModel>;
}

interface ClassRef extends SourceLocation {
  className: string;
  module: string;
  exportName?: string;
}

/** The live class for a model class: its export, else the one record of that name. */
function findClass(ref: ClassRef, namespaces: ModuleNamespaces, kind: string): ClassRecord {
  const exported = ref.exportName === undefined ? undefined : namespaces[ref.module]?.[ref.exportName];
  const records = allClassRecords();
  // A class no svc decorator touched (an app class with only @ApiInfo) gets an empty record.
  if (typeof exported === 'function')
    return records.get(exported as Constructor) ?? classRecord(exported as Constructor);
  const named = [...records.values()].filter((record) => record.target.name === ref.className);
  if (named.length === 1) return named[0] as ClassRecord;
  throw staleError(
    named.length === 0
      ? `${kind} ${ref.className} is in the model but no such decorated class was loaded from ${ref.module}`
      : `${kind} ${ref.className} is not exported from ${ref.module} and several loaded classes share its name`,
    ref,
  );
}

/**
 * The route methods of a class and of the classes it extends: legacy decorators record an
 * inherited route on the base class, so the chain is walked; the nearest route of a name wins.
 */
function routeRecordsOf(record: ClassRecord): Map<string, MethodRecord> {
  const routes = new Map<string, MethodRecord>();
  const records = allClassRecords();
  for (
    let target: unknown = record.target;
    typeof target === 'function' && target !== Function.prototype;
    target = Object.getPrototypeOf(target)
  ) {
    for (const [name, method] of records.get(target as Constructor)?.methods ?? []) {
      if (method.route !== undefined && !routes.has(name)) routes.set(name, method);
    }
  }
  return routes;
}

function joinRoutes(controller: ControllerModel, record: ClassRecord): JoinedRoute[] {
  const routesByName = routeRecordsOf(record);
  const routeRecords = [...routesByName.values()];
  expectSame(
    controller.className,
    'the set of routes',
    routeRecords.map((method) => method.methodName).sort(),
    controller.routes.map((route) => route.methodName).sort(),
    controller,
  );
  return controller.routes.map((model) => {
    const method = routesByName.get(model.methodName) as MethodRecord;
    const route = method.route as NonNullable<MethodRecord['route']>;
    const label = `${controller.className}.${model.methodName}`;
    expectSame(
      label,
      'the route',
      [route.httpMethod, route.kind, route.path],
      [model.httpMethod, model.kind, model.path],
      model,
    );
    if (method.statusCode !== undefined)
      expectSame(label, '@StatusCode', method.statusCode, model.statusCode, model);
    expectSame(label, '@SetHeader', method.headers, model.headers, model);
    expectSameComponents(label, method.components, model.components, model);
    expectSameParams(label, method.params, model.params, model);
    return { model, record: method };
  });
}

function joinController(model: ControllerModel, namespaces: ModuleNamespaces): JoinedController {
  const record = findClass(model, namespaces, 'controller');
  expectSame(model.className, '@Controller path', record.controllerPath, model.basePath, model);
  expectSame(model.className, '@SetHeader', record.headers, model.headers, model);
  expectSameComponents(model.className, record.components, model.components, model);
  return { model, target: record.target, record, routes: joinRoutes(model, record) };
}

/** Controllers exported by the app's modules that the model does not know. */
function checkNoUnknownControllers(model: AppModel, namespaces: ModuleNamespaces): void {
  const known = new Set(model.controllers.map((controller) => controller.className));
  const records = allClassRecords();
  for (const [module, namespace] of Object.entries(namespaces)) {
    for (const value of Object.values(namespace)) {
      const record = typeof value === 'function' ? records.get(value as Constructor) : undefined;
      if (record?.controllerPath !== undefined && !known.has(record.target.name)) {
        throw staleError(`controller ${record.target.name} in ${module} is not in the model`);
      }
    }
  }
}

/** Every component used anywhere must be in the model, with the same role methods. */
function checkComponents(uses: readonly ComponentUse[], models: Map<string, ComponentModel>): void {
  for (const use of uses) {
    const name = use.componentClass.name;
    const model = models.get(name);
    if (!model) throw staleError(`component ${name} is used in the code but is not in the model`);
    const record = allClassRecords().get(use.componentClass);
    const roles = [...(record?.methods.values() ?? [])]
      .filter((method) => method.role !== undefined)
      .map((method) => `${method.methodName}:${method.role?.role}`);
    const modelRoles = model.methods.map((method) => `${method.methodName}:${method.role}`);
    expectSame(name, 'the lifecycle methods', roles.sort(), modelRoles.sort(), model);
  }
}

export function joinModel(model: AppModel, namespaces: ModuleNamespaces): JoinedApp {
  const componentModels = new Map(model.components.map((component) => [component.className, component]));
  const controllers = model.controllers.map((controller) => joinController(controller, namespaces));
  checkNoUnknownControllers(model, namespaces);
  const appRecord = model.app ? findClass(model.app, namespaces, 'app class') : undefined;
  if (model.app && appRecord)
    expectSameComponents(model.app.className, appRecord.components, model.app.components, model.app);
  const uses = [
    ...(appRecord?.components ?? []),
    ...controllers.flatMap((controller) => [
      ...controller.record.components,
      ...controller.routes.flatMap((route) => route.record.components),
    ]),
  ];
  checkComponents(uses, componentModels);
  return { controllers, appRecord, componentModels };
}
