/**
 * `createApp`: model → imported modules → joined with the decorator records → instances →
 * compiled routes → `onInit()` hooks → one request handler, shared by `listen` and `inject`.
 * `close()` stops the server, then runs the `onShutdown()` hooks once.
 */
import { resolve } from 'node:path';
import type { AppModel } from '../../model/app-model.js';
import type { CreateAppOptions, ListenOptions, RouteInfo, ShutdownReport, SvcApp } from '../app-types.js';
import { resolveDocsPath } from '../docs-page/docs-path.js';
import { Container } from '../di/container.js';
import { createHealth, withoutProbes } from '../health/index.js';
import { runInitHooks, runShutdownHooks } from '../di/hooks.js';
import { compileCors } from '../http/cors.js';
import { createRequestLog } from '../http/request-log.js';
import { ComponentSteps } from '../lifecycle/build-chain.js';
import { catchClassResolver } from '../lifecycle/catch-classes.js';
import { AppPubSub } from '../pubsub/app-pubsub.js';
import { bindSubscriptionsToRequests } from '../pubsub/request-scope.js';
import { compileRoute, type CompiledRoute, type RouteCompileContext } from './compile-route.js';
import { inject } from './inject.js';
import { joinModel, type JoinedApp } from './join.js';
import { loadModel } from './load-model.js';
import { compileOptionsAnswer } from './options-answer.js';
import { ModuleLoader } from './module-loader.js';
import { ModuleLocator } from './module-locator.js';
import { createRequestHandler, type RequestHandler } from './request-handler.js';
import { buildRouteTable } from './route-table.js';
import { closeServer, createHttpServer, listenOn, type ServerHandle } from './server.js';
import { resolveAddress, resolveSettings } from './settings.js';
import { StreamShutdown } from './stream-finish.js';
import { registeredGlobally } from '../telemetry/registered.js';
import { RateLimits } from '../rate-limit/index.js';

export async function createApp(options: CreateAppOptions = {}): Promise<SvcApp> {
  const { model, baseDir, compile } = await loadModel(options);
  const loader = new ModuleLoader(new ModuleLocator(baseDir, compile), options.modules);
  const joined = joinModel(model, await loader.loadAll(model));
  const settings = resolveSettings(options, model, joined.appRecord?.app);
  // Read and checked now, so a bad key stops start-up; the TLS modules load only when it is on.
  const secure =
    settings.tls &&
    (await import('../http/tls/index.js')).secureServerFactory(
      settings.tls,
      resolve(options.root ?? process.cwd()),
    );
  const pubsub = new AppPubSub({ ...settings.pubsub, log: settings.log });
  const container = new Container(
    joined.appRecord?.app?.providers ?? [],
    model.injectables ?? [],
    (dependency) => loader.loadClass(dependency),
    options.overrides,
    pubsub.providers,
  );
  const coercion = { schemas: model.schemas, unknownProperties: settings.unknownProperties };
  // Undefined without @opentelemetry/api (or with telemetry off): every choice below is then today's
  // path. svc's telemetry modules load only when an SDK registered the API's globals.
  const telemetry =
    settings.telemetry && registeredGlobally()
      ? await (await import('../telemetry/index.js')).loadTelemetry(true, routeMethods(model))
      : undefined;
  // With no route rate-limited, no store is made and nothing connects.
  const rateLimits = await RateLimits.create(model, {
    ...settings.rateLimit,
    trustProxy: settings.trustProxy,
    log: settings.log,
  });
  const context: RouteCompileContext = {
    model,
    appUses: joined.appRecord?.components ?? [],
    steps: new ComponentSteps(
      container,
      joined.componentModels,
      coercion,
      catchClassResolver((module) => loader.load(module)),
    ),
    coercion,
    settings: telemetry ? { ...settings, tracing: telemetry.pipeline } : settings,
    streams: { sseHeartbeatMs: settings.sseHeartbeatMs, shutdown: new StreamShutdown() },
    rateLimits,
    appRecord: joined.appRecord,
  };
  const compiled = await compileRoutes(joined, container, context);
  // Known once every instance exists: only an app that hands out PubSub binds subscriptions to requests.
  const routes = pubsub.inUse ? compiled.map(withRequestSubscriptions) : compiled;
  // Every instance exists once the routes are compiled; none serves a request before its onInit.
  await pubsub.connect();
  await runInitHooks(container.created);
  // After onInit: the readiness checks are those of the instances, ready to be asked.
  const health = settings.health && createHealth(settings.health, container.created, settings.log);
  const requestSettings = {
    ...settings,
    cors: settings.cors && compileCors(settings.cors),
    answerOptions: await compileOptionsAnswer(context.appUses, context.steps, settings),
    shutdown: context.streams.shutdown,
  };
  // The health endpoints first: an app route on their path is the duplicate the error names.
  const tableRoutes = [...(health?.routes ?? []), ...routes];
  const table = buildRouteTable(telemetry ? tableRoutes.map((route) => telemetry.route(route)) : tableRoutes);
  const appHandler = await withDocsIfOn(createRequestHandler(table, requestSettings), options, {
    model,
    baseDir,
    dev: settings.dev,
  });
  const handler = telemetry ? telemetry.handler(appHandler) : appHandler;
  // `ws` is loaded only by an app with WebSocket routes: no part of a plain app's start-up.
  const webSocketSupport = routes.some((route) => route.kind === 'websocket')
    ? (await import('../streams/websocket-server.js')).installWebSocketSupport
    : undefined;
  let handle: ServerHandle | undefined;
  let shutdown: Promise<void> | undefined;

  return {
    model,
    routes: routes.map(routeInfo),
    get server() {
      return handle?.server;
    },
    async listen(listenOptions?: ListenOptions) {
      const { host, port } = resolveAddress(model, listenOptions);
      handle ??= createHttpServer(handler, {
        webSockets: webSocketSupport,
        webSocket: settings.webSocket,
        log: settings.log,
        methods: routes.map((route) => route.method),
        bodyLimit: settings.bodyLimit,
        secure,
        requestLog: withoutProbes(
          createRequestLog(settings.requestLog, settings.dev, telemetry?.logFields),
          settings.health,
        ),
      });
      return listenOn(handle, host, port);
    },
    async close() {
      // First, so a probe that still reaches the server tells its load balancer to stop sending.
      health?.drain();
      let report: ShutdownReport | undefined;
      if (handle !== undefined && handle.server.listening) {
        const sseStreams = context.streams.shutdown.endAll();
        report = { ...(await closeServer(handle, settings.shutdownGraceMs)), sseStreams };
      }
      // In-flight requests have finished, so no handler still uses what onShutdown releases.
      shutdown ??= runShutdownHooks(container.created).finally(() =>
        Promise.all([pubsub.close(), rateLimits.close()]),
      );
      await shutdown;
      return report;
    },
    inject: (request) => inject(handler, request),
  };
}

async function compileRoutes(
  joined: JoinedApp,
  container: Container,
  context: RouteCompileContext,
): Promise<CompiledRoute[]> {
  const routes: CompiledRoute[] = [];
  for (const controller of joined.controllers) {
    const name = controller.model.className;
    const instance = (await container.instantiate(
      controller.target,
      controller.model.dependencies,
      name,
    )) as object;
    for (const route of controller.routes)
      routes.push(await compileRoute(controller, instance, route, context));
  }
  return routes;
}

/**
 * The reference page in front of the app's routes when the `docs` option (or dev mode) turns it
 * on; its modules load only then.
 */
async function withDocsIfOn(
  handler: RequestHandler,
  options: CreateAppOptions,
  app: { model: AppModel; baseDir: string; dev: boolean },
): Promise<RequestHandler> {
  const path = resolveDocsPath(options.docs ?? app.model.options?.docs, app.dev);
  if (path === undefined) return handler;
  const { documentCandidates, withDocsPage } = await import('../docs-page/index.js');
  const root = resolve(options.root ?? process.cwd());
  return withDocsPage(handler, { path, documentFiles: documentCandidates(root, app.baseDir) });
}

/** The methods the app's routes declare (its `defineMethod` ones among them). */
function routeMethods(model: AppModel): string[] {
  return model.controllers.flatMap((controller) => controller.routes.map((route) => route.httpMethod));
}

function routeInfo(route: CompiledRoute): RouteInfo {
  return { method: route.method, path: route.fullPath, kind: route.kind, handler: route.label };
}

function withRequestSubscriptions(route: CompiledRoute): CompiledRoute {
  return { ...route, handle: bindSubscriptionsToRequests(route.handle) };
}
