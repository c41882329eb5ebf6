/**
 * Compiles one route at start-up into the function that serves it: lifecycle chain, binder,
 * handler call, serializer and finish step, all decided here once.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { AppModel, RouteKind, RouteModel } from '../../model/app-model.js';
import { compileBinder, readsBody, usesContext } from '../binding/compile-binder.js';
import type { ComponentUse } from '../decorators/metadata.js';
import type { Exchange } from '../http/exchange.js';
import { buildChain, type Chain, type ComponentSteps } from '../lifecycle/build-chain.js';
import { compilePipeline, type PipelineSettings, type RoutePlan } from '../lifecycle/pipeline.js';
import { compileDevResponseCheck } from '../response/dev-check.js';
import { compileDownloadTypeCheck } from '../response/download-type-check.js';
import { chooseSerializer } from '../response/choose-serializer.js';
import { serializedSchema } from '../serialize/route-schema.js';
import { paramNames } from '../../model/route-paths.js';
import type { CoercerOptions } from '../validation/types.js';
import type { JoinedController, JoinedRoute } from './join.js';
import { sseFinish, webSocketFinish, type StreamSettings } from './stream-finish.js';
import type { ClassRecord } from '../decorators/metadata.js';
import type { RateLimits } from '../rate-limit/index.js';
import { compileBodyReader } from '../body/reader.js';

export interface CompiledRoute {
  /** `BooksController.get`. */
  label: string;
  kind: RouteKind;
  method: string;
  fullPath: string;
  /** Names of the `:param` segments, in the order the router returns their values. */
  paramNames: readonly string[];
  /**
   * Serves one request; never throws or rejects (every failure is answered). Returns a promise
   * only when some step went async; a route of synchronous steps has answered when it returns.
   */
  handle: (ex: Exchange) => Promise<void> | void;
}

export interface RouteCompileContext {
  model: AppModel;
  appUses: readonly ComponentUse[];
  steps: ComponentSteps;
  coercion: CoercerOptions;
  /** `dev` also turns on the response check of JSON routes. */
  settings: PipelineSettings;
  streams: StreamSettings;
  /** Present when some route is rate-limited; `appRecord` holds the `@App` class's `@RateLimit`. */
  rateLimits?: RateLimits;
  appRecord?: ClassRecord;
}

function headerObject(list: readonly (readonly [string, string])[]): OutgoingHttpHeaders | undefined {
  if (list.length === 0) return undefined;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of list) headers[name.toLowerCase()] = value;
  return headers;
}

function finishFor(route: RouteModel, context: RouteCompileContext): RoutePlan['finish'] {
  if (route.kind === 'sse') return sseFinish(context.streams);
  if (route.kind === 'websocket') return webSocketFinish;
  return undefined;
}

/** Chosen once: outside dev mode (or without a JSON schema) no check at all. */
function inspectorFor(route: RouteModel, label: string, context: RouteCompileContext): RoutePlan['inspect'] {
  const schema = route.returns.schema;
  const listed = route.returns.mediaTypes;
  if (context.settings.dev && listed !== undefined) {
    const checked = { method: route.httpMethod, fullPath: route.fullPath, label };
    return compileDownloadTypeCheck(checked, listed, context.settings.log);
  }
  if (
    route.kind !== 'http' ||
    !context.settings.dev ||
    route.returns.kind !== 'json' ||
    schema === undefined
  ) {
    return undefined;
  }
  const checked = { method: route.httpMethod, fullPath: route.fullPath, label };
  return compileDevResponseCheck(checked, schema, context.model.schemas, context.settings.log);
}

/**
 * The body is read after middleware and guards unless one of them binds it, so a request the
 * gates refuse is refused for that reason (401, 403), not for a body nobody should read.
 */
function bodyTiming(chain: Chain, params: JoinedRoute['model']['params']): RoutePlan['bodyTiming'] {
  const gates = [...chain.middleware, ...chain.guard];
  if (readsBody(gates.flatMap((step) => step.params))) return 'beforeGates';
  const later = [...chain.interceptor, ...chain.preInterceptor, ...chain.postInterceptor];
  if (readsBody(params) || readsBody(later.flatMap((step) => step.params))) return 'afterGates';
  return 'never';
}

export async function compileRoute(
  controller: JoinedController,
  instance: object,
  route: JoinedRoute,
  context: RouteCompileContext,
): Promise<CompiledRoute> {
  const model = route.model;
  const label = `${controller.model.className}.${model.methodName}`;
  const attachments = {
    app: context.appUses,
    controller: controller.record.components,
    route: route.record.components,
  };
  const chain = await buildChain(attachments, context.steps);
  const pathNames = paramNames(model.fullPath);
  // Dev mode compiles a route's coercers on its first request: a reload answers sooner.
  const coercion = context.settings.dev ? { ...context.coercion, lazy: true } : context.coercion;
  const bind = compileBinder(model.params, coercion, pathNames);
  const method = (instance as Record<string, (...args: unknown[]) => unknown>)[model.methodName] as (
    ...args: unknown[]
  ) => unknown;
  const levels = { app: context.appRecord, controller: controller.record, route: route.record };
  const rateLimit = context.rateLimits?.stageFor(
    { ...levels, controllerName: controller.model.className },
    model,
  );
  const headerList = [
    ...controller.model.headers,
    ...model.headers,
    ...(rateLimit === undefined ? [] : [rateLimit.header]),
  ];
  const plan: RoutePlan = {
    label,
    kind: model.kind,
    status: model.statusCode,
    headerList,
    headers: headerObject(headerList),
    // A rate limit sets its headers on `ctx.response`, where every answer path reads them.
    needsContext: chain.all.length > 0 || usesContext(model.params) || rateLimit !== undefined,
    bodyTiming: bodyTiming(chain, model.params),
    readBody: compileBodyReader(model.params, context.settings),
    chain,
    rateLimit,
    // A handler without parameters skips the binder and the argument list.
    invokeHandler:
      model.params.length === 0 ? () => method.call(instance) : (ex) => method.apply(instance, bind(ex)),
    serialize: chooseSerializer(
      serializedSchema(model),
      context.model.schemas,
      context.settings.dev
        ? { route: { method: model.httpMethod, fullPath: model.fullPath, label }, log: context.settings.log }
        : undefined,
      model.returns.mediaType,
    ),
    finish: finishFor(model, context),
    inspect: inspectorFor(model, label, context),
    settings: context.settings,
  };
  return {
    label,
    kind: model.kind,
    method: model.httpMethod,
    fullPath: model.fullPath,
    paramNames: pathNames,
    handle: compilePipeline(plan),
  };
}
