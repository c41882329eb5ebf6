/** Closing a server's connections: node:http's two calls, which the TLS server extends to HTTP/2 sessions. */
import type { Server } from 'node:http';

export interface Connections {
  /** Idle keep-alive connections close now; HTTP/2 sessions get GOAWAY and close once their streams end. */
  closeIdle(): void;
  /** Every connection and session is cut. */
  closeAll(): void;
}

export function http1Connections(server: Server): Connections {
  return { closeIdle: () => server.closeIdleConnections(), closeAll: () => server.closeAllConnections() };
}
