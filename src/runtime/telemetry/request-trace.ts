/**
 * One traced request: its server span, the context that carries it, and what its metrics are
 * recorded by. Made when the request arrives, named once it is routed, ended when its handling
 * ends: a stream's when the stream ends, a WebSocket's when its connection closes.
 */
import type { Attributes, Context, Span } from '@opentelemetry/api';
import type { Exchange, RequestEnd } from '../http/exchange.js';
import {
  ERROR_TYPE,
  HTTP_REQUEST_METHOD,
  HTTP_RESPONSE_STATUS_CODE,
  HTTP_ROUTE,
  OTHER_METHOD,
  SVC_REQUEST_ID,
  URL_PATH,
  URL_SCHEME,
} from './attributes.js';
import type { ServerMetrics } from './metrics.js';

/** The API's `SpanStatusCode.ERROR`, written out: the API is imported at start-up, not by this module. */
const STATUS_ERROR = 2;

/** The request whose log line is being written: read by the request log, synchronously (see `logSpan`). */
let logging: RequestTrace | undefined;

export function logSpan(): Span | undefined {
  return logging?.span;
}

/** Runs the request log's `onEnd` with `trace` as the one whose line is written. */
function logWith(trace: RequestTrace, ex: Exchange, onEnd: RequestEnd): void {
  const outer = logging;
  logging = trace;
  try {
    onEnd(ex);
  } finally {
    logging = outer;
  }
}

export class RequestTrace {
  /** `/books/{id}`, once routed; requests no route answered (404, 405, OPTIONS) have none. */
  private route: string | undefined = undefined;
  private errorType: string | undefined = undefined;
  /** False under the API's no-op tracer (no SDK): no attribute or event is worth building. */
  readonly recording: boolean;

  constructor(
    readonly span: Span,
    readonly context: Context,
    private readonly started: number,
    /** `http.request.method` and `url.scheme`: the active-requests counter's attributes. */
    private readonly common: Attributes,
    private readonly metrics: ServerMetrics,
  ) {
    this.recording = span.isRecording();
  }

  /** The route matched: the span is named `GET /books/{id}` from now on. */
  routed(template: string): void {
    this.route = template;
    if (!this.recording) return;
    const method = this.common[HTTP_REQUEST_METHOD] as string;
    this.span.updateName(`${method === OTHER_METHOD ? 'HTTP' : method} ${template}`);
    this.span.setAttribute(HTTP_ROUTE, template);
  }

  /** A guard, handler or catcher ran from `started` (a `performance.now()`) until now. */
  phase(name: string, step: string, started: number): void {
    const ms = Math.round((performance.now() - started) * 1000) / 1000;
    this.span.addEvent(name, { 'svc.step': step, 'svc.duration_ms': ms }, started);
  }

  /** A step threw: the exception is an event of the span, and its class the `error.type` of a 5xx. */
  failed(error: unknown): void {
    const constructorName = (error as { constructor?: { name?: unknown } } | null)?.constructor?.name;
    this.errorType =
      typeof constructorName === 'string' && constructorName !== '' ? constructorName : undefined;
    if (!this.recording) return;
    this.span.recordException(error instanceof Error || typeof error === 'string' ? error : String(error));
  }

  /**
   * The handling ended (the answer is with Node, or the SSE stream ended): the span ends now,
   * or for an accepted WebSocket when its connection closes. Then the next `onEnd` (the request
   * log) runs, with this span readable through `logSpan()`.
   */
  end(ex: Exchange, onEnd: RequestEnd | undefined): void {
    const webSocket = ex.webSocketHandler !== undefined;
    const status = webSocket ? 101 : ex.res.statusCode;
    const errorType = status >= 500 ? (this.errorType ?? String(status)) : undefined;
    if (this.recording) this.describe(ex, status, errorType);
    if (!webSocket) this.finish(status, errorType);
    else {
      const socket = ex.req.socket;
      if (socket.destroyed) this.finish(status, errorType);
      else socket.once('close', () => this.finish(status, errorType));
    }
    if (onEnd !== undefined) logWith(this, ex, onEnd);
  }

  private describe(ex: Exchange, status: number, errorType: string | undefined): void {
    const span = this.span;
    span.setAttribute(HTTP_RESPONSE_STATUS_CODE, status);
    span.setAttribute(URL_PATH, ex.path);
    span.setAttribute(SVC_REQUEST_ID, ex.id);
    if (errorType !== undefined) {
      span.setAttribute(ERROR_TYPE, errorType);
      // A 4xx is the client's doing: the conventions leave a server span's status unset then.
      span.setStatus({ code: STATUS_ERROR });
    }
  }

  private finish(status: number, errorType: string | undefined): void {
    this.span.end();
    const common = this.common;
    const attributes: Attributes = {
      [HTTP_REQUEST_METHOD]: common[HTTP_REQUEST_METHOD],
      [URL_SCHEME]: common[URL_SCHEME],
      [HTTP_RESPONSE_STATUS_CODE]: status,
    };
    if (this.route !== undefined) attributes[HTTP_ROUTE] = this.route;
    if (errorType !== undefined) attributes[ERROR_TYPE] = errorType;
    this.metrics.duration.record((performance.now() - this.started) / 1000, attributes);
    this.metrics.ended(this.common);
  }
}
