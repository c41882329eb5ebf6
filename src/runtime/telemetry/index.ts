/**
 * OpenTelemetry traces and metrics of an app's requests, when `@opentelemetry/api` can be
 * imported, the app registered an SDK (a tracer or meter provider) before `createApp`, and the
 * `telemetry` option is on. `createApp` asks `loadTelemetry` once; otherwise it gets undefined
 * and builds exactly the request path it builds without telemetry.
 *
 * With it, three wrappers are chosen at start-up: around the request handler (the server span,
 * continued from the request's `traceparent` through the registered propagator, active while
 * the request is handled, ended with its status; the metrics), around each route's `handle`
 * (names the span after the route) and around each route's guard, handler and catcher steps
 * (span events). The request log reads the span of the line it writes through `logFields`.
 */
import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';
import type { ProxyTracerProvider, Tracer } from '@opentelemetry/api';
import { STANDARD_METHODS } from '../../model/http-methods.js';
import type { CompiledRoute } from '../app/compile-route.js';
import type { RequestHandler } from '../app/request-handler.js';
import type { Exchange } from '../http/exchange.js';
import type { PipelineTracing } from '../lifecycle/pipeline.js';
import {
  HTTP_REQUEST_METHOD,
  HTTP_REQUEST_METHOD_ORIGINAL,
  OTHER_METHOD,
  routeTemplate,
  SERVER_ADDRESS,
  SERVER_PORT,
  schemeOf,
  serverOf,
  URL_SCHEME,
} from './attributes.js';
import { loadOpenTelemetryApi, type OpenTelemetryApi } from './load.js';
import { ServerMetrics, type Attributes } from './metrics.js';
import { pipelineTracing } from './phases.js';
import { registeredGlobally } from './registered.js';
import { logSpan, RequestTrace } from './request-trace.js';

/** The API's `SpanKind.SERVER`, written out: the API is imported at start-up, not by this module. */
const SPAN_KIND_SERVER = 1;

/**
 * Set by the traced handler while it calls the app's handler, read (and cleared) by the route
 * wrapper, which the app's handler calls synchronously once it has matched a route: the same
 * hand-over the `@Next()` extractor uses, with no per-request lookup.
 */
let routing: RequestTrace | undefined;

export class Telemetry {
  private readonly tracer: Tracer;
  private readonly metrics: ServerMetrics;
  /** The conventions' methods and the app's own (`defineMethod`); others are `_OTHER`. */
  private readonly knownMethods: ReadonlySet<string>;
  private readonly traces = new WeakMap<Exchange, RequestTrace>();
  private readonly httpCommon = new Map<string, Attributes>();
  private readonly httpsCommon = new Map<string, Attributes>();
  /** The pipeline's hooks: guard, handler and catcher events; exceptions on the span. */
  readonly pipeline: PipelineTracing = pipelineTracing(this.traces);

  constructor(
    private readonly api: OpenTelemetryApi,
    appMethods: Iterable<string>,
  ) {
    const version = svcVersion();
    this.tracer = api.trace.getTracer('svcjs', version);
    this.metrics = new ServerMetrics(api, version);
    this.knownMethods = new Set([...STANDARD_METHODS, ...appMethods]);
  }

  /** The app's handler inside a server span per request. */
  handler(handler: RequestHandler): RequestHandler {
    const context = this.api.context;
    return (req, res, upgrade = false, onEnd) => {
      const trace = this.start(req);
      const outer = routing;
      routing = trace;
      try {
        return context.with(trace.context, handler, undefined, req, res, upgrade, (ex: Exchange) =>
          trace.end(ex, onEnd),
        );
      } finally {
        routing = outer;
      }
    };
  }

  /** The route, naming the request's span after its template when it is matched. */
  route(route: CompiledRoute): CompiledRoute {
    const template = routeTemplate(route.fullPath);
    const handle = route.handle;
    const traces = this.traces;
    return {
      ...route,
      handle: (ex) => {
        const trace = routing;
        routing = undefined;
        if (trace !== undefined) {
          trace.routed(template);
          traces.set(ex, trace);
        }
        return handle(ex);
      },
    };
  }

  /** `,"trace_id":…,"span_id":…` for the request log line being written, or nothing without a trace. */
  readonly logFields = (): string => {
    const span = logSpan();
    if (span === undefined) return '';
    const ids = span.spanContext();
    if (!this.api.isSpanContextValid(ids)) return '';
    return `,"trace_id":"${ids.traceId}","span_id":"${ids.spanId}"`;
  };

  /** The active-requests attributes of a method and scheme: one object each, the counter's key. */
  private commonOf(method: string, scheme: 'http' | 'https'): Attributes {
    const byMethod = scheme === 'https' ? this.httpsCommon : this.httpCommon;
    let common = byMethod.get(method);
    if (common === undefined) {
      common = { [HTTP_REQUEST_METHOD]: method, [URL_SCHEME]: scheme };
      byMethod.set(method, common);
    }
    return common;
  }

  private start(req: IncomingMessage): RequestTrace {
    const { api } = this;
    const given = req.method ?? 'GET';
    const method = this.knownMethods.has(given) ? given : OTHER_METHOD;
    const scheme = schemeOf(req);
    const common = this.commonOf(method, scheme);
    const attributes: Attributes = { [HTTP_REQUEST_METHOD]: method, [URL_SCHEME]: scheme };
    if (method === OTHER_METHOD) attributes[HTTP_REQUEST_METHOD_ORIGINAL] = given;
    const server = serverOf(req, scheme);
    if (server !== undefined) {
      attributes[SERVER_ADDRESS] = server.address;
      attributes[SERVER_PORT] = server.port;
    }
    const parent = api.propagation.extract(api.context.active(), req.headers);
    const name = method === OTHER_METHOD ? 'HTTP' : method;
    const span = this.tracer.startSpan(name, { kind: SPAN_KIND_SERVER, attributes }, parent);
    this.metrics.started(common);
    return new RequestTrace(span, api.trace.setSpan(parent, span), performance.now(), common, this.metrics);
  }
}

/**
 * The app's telemetry, or undefined when it is off or the API cannot be imported. `appMethods`:
 * the methods the app's routes declare.
 */
export async function loadTelemetry(
  on: boolean,
  appMethods: Iterable<string>,
): Promise<Telemetry | undefined> {
  if (!on || !registeredGlobally()) return undefined;
  const api = await loadOpenTelemetryApi();
  return api !== undefined && sdkRegistered(api) ? new Telemetry(api, appMethods) : undefined;
}

/**
 * Whether the app registered a tracer or a meter provider (before `createApp`, as the metrics
 * need anyway). Without either every span and instrument would be the API's no-op, which still
 * cost a fifth of the hello route's throughput (bench/telemetry-cost.mjs), for nothing.
 */
function sdkRegistered(api: OpenTelemetryApi): boolean {
  // The API's global proxy until a provider is set; another copy of the API may have set one.
  const tracing = api.trace.getTracerProvider() as Partial<Pick<ProxyTracerProvider, 'getDelegateTracer'>>;
  const tracer = tracing.getDelegateTracer === undefined || tracing.getDelegateTracer('svcjs') !== undefined;
  // The no-op meter is one shared instance, which createNoopMeter hands out too.
  return tracer || api.metrics.getMeter('svcjs') !== api.createNoopMeter();
}

function svcVersion(): string {
  // The same depth from src/ and dist/: runtime/telemetry/ → the package root.
  return (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;
}
