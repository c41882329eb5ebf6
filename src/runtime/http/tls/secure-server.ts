/**
 * The server for the `tls` option: HTTPS on the app's port. With `http2` (the default) it is
 * Node's HTTP/2 server with the HTTP/1.1 fallback, so each connection speaks what the client
 * negotiated by ALPN (`h2`, else `http/1.1`): HTTP/2 streams reach the handler through the
 * compatibility adapter (http2-compat.ts), HTTP/1.1 requests exactly as on a plain `node:http`
 * server, with the same 'upgrade', 'clientError', 'connect' and 'checkContinue' events (Node's
 * fallback emits them on this server), so WebSockets and custom methods work over TLS too.
 */
import { Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer as createHttp2Server } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import type { Server as TlsServer } from 'node:tls';
import { IdleSampledRequest } from '../custom-methods/index.js';
import { http1Connections, type Connections } from './connections.js';
import type { TlsSettings } from './credentials.js';
import { isHttp2Response, SvcHttp2Request, SvcHttp2Response } from './http2-compat.js';
import { Http2Sessions } from './sessions.js';

export type Serve = (req: IncomingMessage, res: ServerResponse) => void;

export interface SecureServer {
  /** Node's HTTP/2 server, or its HTTPS server when `http2` is off (both TLS servers). */
  server: TlsServer;
  /**
   * The same server, typed as the `node:http` server whose events its HTTP/1.1 connections
   * emit ('upgrade', 'clientError', 'connect', 'checkContinue', 'request').
   */
  http1: HttpServer;
  connections: Connections;
}

/** How long an HTTP/2 session may carry no frame before it is closed (GOAWAY). */
export const SESSION_IDLE_MS = 60_000;
/**
 * RFC 9113 §6.5.2 advises at least 100; Node's default is unbounded, which lets one client open
 * as many concurrent requests as it likes on one connection.
 */
const MAX_CONCURRENT_STREAMS = 100;
/**
 * What `node:http` sets on its own servers and Node's HTTP/2 server leaves unset for its HTTP/1.1
 * fallback: without them an idle keep-alive connection is never closed and `Host` not required.
 */
const HTTP1_DEFAULTS = { keepAliveTimeout: 5000, requireHostHeader: true };

/**
 * `serveHttp1` serves requests of HTTP/1.1 connections, `serveHttp2` those of HTTP/2 streams
 * (already adapted). `sessionIdleMs` is SESSION_IDLE_MS but for tests.
 */
export function createSecureServer(
  tls: TlsSettings,
  serveHttp1: Serve,
  serveHttp2: Serve,
  sessionIdleMs = SESSION_IDLE_MS,
): SecureServer {
  const credentials = { key: tls.key, cert: tls.cert, noDelay: true };
  if (!tls.http2) {
    // HTTP/1.1 requests are made as on the plain server (src/runtime/app/server.ts says why).
    const server = createHttpsServer({ ...credentials, IncomingMessage: IdleSampledRequest }, serveHttp1);
    return { server, http1: server, connections: http1Connections(server) };
  }
  const sessions = new Http2Sessions(sessionIdleMs);
  const server = createHttp2Server({
    ...credentials,
    allowHTTP1: true,
    Http1IncomingMessage: IdleSampledRequest,
    settings: { maxConcurrentStreams: MAX_CONCURRENT_STREAMS },
    Http2ServerRequest: SvcHttp2Request,
    Http2ServerResponse: SvcHttp2Response,
  });
  Object.assign(server, HTTP1_DEFAULTS);
  // One 'request' event for both protocols; the compat pair is shaped as node:http's (the adapter).
  server.on('request', (req, res) => {
    if (isHttp2Response(res)) serveHttp2(req as unknown as IncomingMessage, res as unknown as ServerResponse);
    else serveHttp1(req as unknown as IncomingMessage, res as unknown as ServerResponse);
  });
  server.on('session', sessions.add);
  const http1 = server as unknown as HttpServer;
  return { server, http1, connections: http2Connections(http1, sessions) };
}

/** node:http's calls reach the HTTP/1.1 connections (the fallback keeps them in node:http's list). */
function http2Connections(server: HttpServer, sessions: Http2Sessions): Connections {
  return {
    closeIdle() {
      server.closeIdleConnections();
      sessions.closeGracefully();
    },
    closeAll() {
      HttpServer.prototype.closeAllConnections.call(server);
      sessions.destroyAll();
    },
  };
}
