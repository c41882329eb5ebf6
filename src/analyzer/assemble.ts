/**
 * Fragments of every project file → one app model (prefix and operation-id rule applied,
 * components named, schemas merged).
 */
import {
  APP_MODEL_VERSION,
  type AppModel,
  type ComponentModel,
  type ControllerModel,
  type RouteDocModel,
} from '../model/app-model.js';
import type { JsonSchema } from '../model/json-schema.js';
import { DEFAULT_OPERATION_ID_RULE, operationIdOf, type OperationIdRule } from '../model/operation-ids.js';
import { joinRoutePath } from '../model/route-paths.js';
import type { RateLimitModel } from '../model/rate-limit.js';
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_PREFIX, resolveInfo } from './app-class.js';
import { healthRouteClashes, mergeStaticOptions, readConfigOptions, readSvcConfig } from './app-options.js';
import { applyAppResponses, removeDropped } from './app-responses.js';
import { applyCatchers } from './catcher-answers.js';
import { checkApp } from './checks.js';
import { placeRateLimit } from './rate-limit.js';
import type { AnalysisContext } from './context.js';
import { addEarlyAnswers } from './early-answers.js';
import type { FileFragment } from './fragments.js';
import { reachableInjectables } from './injectables.js';
import { finalizeSchemas } from './model-schemas.js';
import { collectModules } from './modules.js';
import { unsecuredAuthorizationWarnings } from './security.js';
import { unresolvedSvcImports } from './svc-import.js';

/** The merged model, or undefined when two fragments name different schemas alike (re-extract all). */
export function assembleModel(context: AnalysisContext, fragments: FileFragment[]): AppModel | undefined {
  const schemas = mergeSchemas(fragments);
  if (!schemas) return undefined;
  const app = fragments.flatMap((fragment) => fragment.apps)[0];
  const prefix = app?.prefix ?? DEFAULT_PREFIX;
  // Read before the routes: the options name their operations (`operationIds`).
  const config = readSvcConfig(context);
  const options = mergeStaticOptions(app?.options ?? {}, readConfigOptions(context, config));
  const controllers = placeRoutes(
    fragments,
    prefix,
    options.operationIds ?? DEFAULT_OPERATION_ID_RULE,
    app?.rateLimit,
  );
  const components = uniqueComponents(fragments.flatMap((fragment) => fragment.components));
  nameComponentDecorators(components, fragments);
  // With svcjs unresolved no decorator is recognised: name the imports rather than the symptom.
  const unresolved = controllers.length === 0 ? unresolvedSvcImports(context) : [];
  context.diagnostics.push(...unresolved);
  if (controllers.length === 0 && unresolved.length === 0) {
    context.diagnostics.push({
      severity: 'error',
      code: 'SVC_ERR_NO_CONTROLLERS',
      message:
        'no class in the project is decorated with @Controller (the files of tsconfig.json were searched)',
    });
  }
  context.diagnostics.push(
    ...checkApp(controllers, components),
    ...healthRouteClashes(controllers, options.health),
    ...unsecuredAuthorizationWarnings(components),
  );
  const earlyAnswers = fragments.flatMap((fragment) => fragment.earlyAnswers);
  applyAppResponses(app?.app, controllers);
  addEarlyAnswers(app?.app, components, controllers, earlyAnswers);
  applyCatchers(app?.app, components, controllers);
  removeDropped(controllers);
  const model: AppModel = {
    version: APP_MODEL_VERSION,
    prefix,
    host: app?.host ?? DEFAULT_HOST,
    port: app?.port ?? DEFAULT_PORT,
    info: resolveInfo(app?.info ?? {}, config),
    controllers,
    components,
    schemas: {},
    modules: [],
  };
  if (app) model.app = structuredClone(app.app);
  if (Object.keys(options).length > 0) model.options = options;
  const injectables = reachableInjectables(
    model,
    fragments.flatMap((fragment) => fragment.injectables),
  );
  if (injectables.length > 0) model.injectables = injectables;
  model.schemas = finalizeSchemas(model, schemas);
  model.modules = collectModules(model);
  return model;
}

/**
 * The fragments' controllers with each route's full path (the app's prefix) and operation id
 * (the app's rule, where `@ApiOperationId` gave none). Fragments are reused across runs and never
 * changed: the model copies what assembly sets (deep copies of 3000 routes cost more than the
 * re-analysis of the file that changed).
 */
function placeRoutes(
  fragments: FileFragment[],
  prefix: string,
  rule: OperationIdRule,
  appLimit: RateLimitModel | false | undefined,
): ControllerModel[] {
  return fragments.flatMap((fragment) =>
    fragment.controllers.map((controller) => ({
      ...controller,
      routes: controller.routes.map((route) =>
        placeRateLimit(
          {
            ...route,
            fullPath: joinRoutePath(prefix, controller.basePath, route.path),
            doc: namedDoc(route.doc, operationIdOf(rule, controller.baseName, route.methodName)),
          },
          appLimit,
        ),
      ),
    })),
  );
}

/** The doc itself when its id stands (explicit, or already the rule's), else a copy with the rule's id. */
function namedDoc(doc: RouteDocModel, ruleId: string): RouteDocModel {
  return doc.explicitOperationId || doc.operationId === ruleId ? doc : { ...doc, operationId: ruleId };
}

function mergeSchemas(fragments: FileFragment[]): Record<string, JsonSchema> | undefined {
  const merged: Record<string, JsonSchema> = {};
  const texts = new Map<string, string>();
  for (const fragment of fragments) {
    for (const [name, schema] of Object.entries(fragment.schemas)) {
      const text = schemaText(schema);
      const known = texts.get(name);
      if (known !== undefined && known !== text) return undefined;
      texts.set(name, text);
      merged[name] = schema;
    }
  }
  return merged;
}

/**
 * Schemas are never changed once made, and fragments share them (the generator converts a type
 * once per run; `svc dev` reuses unchanged files' fragments): each is serialized once, not once
 * per fragment and run (300 fragments × 5 schemas on every edit).
 */
const schemaTexts = new WeakMap<JsonSchema, string>();

function schemaText(schema: JsonSchema): string {
  let text = schemaTexts.get(schema);
  if (text === undefined) schemaTexts.set(schema, (text = JSON.stringify(schema)));
  return text;
}

/**
 * One copy of each component class: a class without role methods is listed by every file that
 * passes it to `component()`.
 */
function uniqueComponents(components: ComponentModel[]): ComponentModel[] {
  const byClass = new Map<string, ComponentModel>();
  for (const component of components) {
    const key = `${component.module}\u0000${component.className}`;
    if (!byClass.has(key)) byClass.set(key, { ...component });
  }
  return [...byClass.values()];
}

/** `export const RequireAuth = component(BearerAuth)` anywhere in the project names BearerAuth's decorator. */
function nameComponentDecorators(components: ComponentModel[], fragments: FileFragment[]): void {
  const factories = fragments.flatMap((fragment) => fragment.factories);
  for (const component of components) {
    const factory = factories.find(
      (candidate) => candidate.classFile === component.module && candidate.className === component.className,
    );
    if (factory) component.decoratorName = factory.decoratorName;
  }
}
