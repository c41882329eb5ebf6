/**
 * The node:http server around the request handler: WebSocket upgrades go through the same
 * handler (route lookup and lifecycle) before the streams code accepts them; requests Node's
 * parser rejects are answered with a 400 problem. With the `tls` option it is the TLS server of
 * src/runtime/http/tls instead (HTTP/2 and HTTP/1.1 on one port), whose HTTP/1.1 connections
 * emit the same events, so everything below is installed on it alike.
 */
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { ShutdownReport, WebSocketOptions } from '../app-types.js';
import type { AddressInfo, Socket } from 'node:net';
import type { Server as TlsServer } from 'node:tls';
import { frameworkProblem, PROBLEM_CONTENT_TYPE, type Problem } from '../errors/problem.js';
import { deferContinue } from '../http/body.js';
import { IdleSampledRequest, installCustomMethodSupport } from '../http/custom-methods/index.js';
import type { Exchange } from '../http/exchange.js';
import { InFlight } from '../http/in-flight.js';
import type { RequestLogger } from '../http/request-log.js';
import { http1Connections, type Connections } from '../http/tls/connections.js';
import type { SecureServerFactory } from '../http/tls/index.js';
import type { Serve } from '../http/tls/secure-server.js';
import type { installWebSocketSupport, WebSocketSupport } from '../streams/websocket-server.js';
import type { WebSocketHandler } from '../streams/websocket-session.js';
import { installConnectAnswers } from './connect-requests.js';
import type { RequestHandler } from './request-handler.js';

export interface ServerHandle {
  /** node:http's server, or with `tls` Node's HTTP/2 (or HTTPS) server. */
  server: Server | TlsServer;
  webSockets: WebSocketSupport | undefined;
  inFlight: InFlight;
  connections: Connections;
  /** `https` with `tls`, else `http`: the scheme of the URL `listen` resolves with. */
  scheme: 'http' | 'https';
}

export interface HttpServerOptions {
  /**
   * Installs WebSocket support; given only when the app has WebSocket routes (the caller imports
   * it then, so a plain app never loads `ws`).
   */
  webSockets: typeof installWebSocketSupport | undefined;
  webSocket?: WebSocketOptions;
  log: (line: string) => void;
  methods: Iterable<string>;
  bodyLimit: number;
  /** One line per request served here (not for `inject`), or undefined for none. */
  requestLog: RequestLogger | undefined;
  /** Makes the HTTPS (and HTTP/2) server of the `tls` option; undefined serves plain HTTP. */
  secure: SecureServerFactory | undefined;
}

export function createHttpServer(rawHandler: RequestHandler, options: HttpServerOptions): ServerHandle {
  const inFlight = new InFlight();
  const handler = tracked(rawHandler, inFlight, options.requestLog);
  // Requests are IdleSampledRequests (plainServer, and the `tls` servers): each notes, as it ends,
  // what the custom methods need to know of Node's parser, with no listener per request.
  const serve: Serve = (req, res) => void handler(req, res);
  const { server, http1, connections } =
    options.secure === undefined ? plainServer(serve) : options.secure(serve, serve);
  installHttp1Events(http1, handler, options);
  const webSockets = options.webSockets?.(http1, (req, res) => resolveUpgrade(handler, req, res), {
    maxPayload: options.webSocket?.maxPayload,
    pingIntervalMs: options.webSocket?.pingIntervalMs,
    log: options.log,
  });
  return {
    server,
    webSockets,
    inFlight,
    connections,
    scheme: options.secure === undefined ? 'http' : 'https',
  };
}

function plainServer(serve: Serve): { server: Server; http1: Server; connections: Connections } {
  const server = createServer({ IncomingMessage: IdleSampledRequest }, serve);
  return { server, http1: server, connections: http1Connections(server) };
}

/** What node:http's server emits beside 'request' (so does the TLS server for its HTTP/1.1 connections). */
function installHttp1Events(server: Server, handler: RequestHandler, options: HttpServerOptions): void {
  // With a listener Node no longer sends `100 Continue` by itself: the body reader sends it,
  // after middleware and guards passed, so a refused client never uploads its body.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    deferContinue(req, res);
    server.emit('request', req, res);
  });
  // Methods Node's parser does not know (defineMethod) are parsed there and served by `handler`.
  installCustomMethodSupport(server, (req, res) => void handler(req, res), {
    methods: options.methods,
    bodyLimit: options.bodyLimit,
    onOtherClientError: answerClientError,
  });
  installConnectAnswers(server, (req, res) => void handler(req, res));
}

/**
 * Where a response's in-flight slot (and, with a request log, its start time) is kept until its
 * handling ends: on the response, so that a request allocates no closure to carry them.
 */
const SLOT = Symbol('svc.inFlightSlot');
const STARTED = Symbol('svc.startedMs');
type TrackedResponse = ServerResponse & { [SLOT]?: number; [STARTED]?: number };

/** Counts the request in flight until it is answered, then writes its log line. */
function tracked(
  handler: RequestHandler,
  inFlight: InFlight,
  log: RequestLogger | undefined,
): RequestHandler {
  const onEnd = (ex: Exchange): void => {
    const res = ex.res as TrackedResponse;
    inFlight.end(res[SLOT] as number);
    if (log !== undefined) log(ex, res[STARTED] as number);
  };
  return (req, res, upgrade) => {
    // Read only for the log line: `performance.now()` costs about as much as routing a request.
    if (log !== undefined) (res as TrackedResponse)[STARTED] = performance.now();
    (res as TrackedResponse)[SLOT] = inFlight.start(res);
    return handler(req, res, upgrade, onEnd);
  };
}

/** Runs the upgrade request through the pipeline; a WebSocket route that passed hands back its handler. */
async function resolveUpgrade(
  handler: RequestHandler,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<WebSocketHandler | undefined> {
  const ex = await handler(req, res, true);
  return ex.webSocketHandler;
}

/** The problem for a request Node's own parser or timers refused. */
function clientErrorProblem(code: string | undefined): Problem {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return frameworkProblem('SVC_ERR_HEADERS_TOO_LARGE', 'The request headers are too large.');
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return frameworkProblem('SVC_ERR_REQUEST_TIMEOUT', 'The request did not arrive in time.');
  }
  return frameworkProblem(
    'SVC_ERR_BAD_REQUEST',
    `The request could not be parsed as HTTP (${code ?? 'parse error'}).`,
  );
}

/** Node's parser or its request timeout refused the request: a problem answer, then close. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const problem = clientErrorProblem(error.code);
  const body = JSON.stringify(problem);
  socket.end(
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n` +
      `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function listenOn(
  handle: ServerHandle,
  host: string,
  port: number,
): Promise<{ host: string; port: number; url: string }> {
  const server = handle.server;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        host,
        port: address.port,
        url: `${handle.scheme}://${host.includes(':') ? urlHost : host}:${address.port}`,
      });
    });
  });
}

/**
 * Stops accepting, closes idle keep-alive connections and WebSockets (1001), and waits for the
 * in-flight requests (their answers close their connections) up to `graceMs`; then closes every
 * connection left.
 */
export async function closeServer(
  handle: ServerHandle,
  graceMs: number,
): Promise<Omit<ShutdownReport, 'sseStreams'>> {
  const started = performance.now();
  const { server, inFlight } = handle;
  const webSockets = handle.webSockets?.clients.size ?? 0;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const inFlightAtStart = inFlight.size;
  const drained = inFlight.drain();
  handle.webSockets?.close();
  handle.connections.closeIdle();
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
  const outcome = await Promise.race([drained.then(() => closed), graceOver]);
  const cut = outcome === 'late' ? inFlight.size : 0;
  if (outcome === 'late') {
    handle.connections.closeAll();
    handle.webSockets?.terminate();
    await closed;
  }
  clearTimeout(timer);
  return { finished: inFlightAtStart - cut, cut, webSockets, ms: Math.round(performance.now() - started) };
}
