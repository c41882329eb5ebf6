/**
 * WebSocket routes on a node:http server: the 'upgrade' event goes through the runtime's
 * route lookup and lifecycle first (`resolve`), which either answers the request with a plain
 * HTTP response (404, a guard's block, a 400) or hands back the handler for the connection.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { responseOnSocket } from './raw-response.js';
import {
  runWebSocketSession,
  type WebSocketHandler,
  type WebSocketSessionOptions,
} from './websocket-session.js';

/**
 * Decides an upgrade request. Returns the connection's handler to accept it; otherwise writes
 * the refusal on `res` (a real ServerResponse, `Connection: close`) and returns undefined.
 */
export type UpgradeResolver = (
  req: IncomingMessage,
  res: ServerResponse,
) => Promise<WebSocketHandler | undefined> | WebSocketHandler | undefined;

export interface WebSocketSupportOptions extends WebSocketSessionOptions {
  /** Largest incoming message in bytes; a bigger one closes the connection with 1009. Default 1 MiB. */
  maxPayload?: number;
}

export interface WebSocketSupport {
  /** Closes every open connection (1001) and stops answering upgrades. */
  close(): void;
  /** Drops the connections still open (a peer that never answered the close frame). */
  terminate(): void;
  /** Open connections. */
  readonly clients: ReadonlySet<WebSocket>;
}

export const DEFAULT_MAX_PAYLOAD = 1024 * 1024;

export function installWebSocketSupport(
  server: Server,
  resolve: UpgradeResolver,
  options: WebSocketSupportOptions = {},
): WebSocketSupport {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload ?? DEFAULT_MAX_PAYLOAD });
  const log = options.log ?? ((line: string) => console.error(line));
  // One options object for every session (each session holds it as long as its connection).
  const sessionOptions: WebSocketSessionOptions = { ...options, log };
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => {});
    acceptOrRefuse(req, socket, head).catch((error: unknown) => {
      log(
        `svc: WebSocket upgrade failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!socket.destroyed) socket.destroy();
    });
  };

  async function acceptOrRefuse(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const res = responseOnSocket(req, socket);
    const handler = await resolve(req, res);
    if (!handler) {
      if (!res.headersSent && !res.writableEnded)
        res.writeHead(500, { 'x-content-type-options': 'nosniff' }).end();
      return;
    }
    res.detachSocket(socket as Parameters<ServerResponse['detachSocket']>[0]);
    if (socket.destroyed) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const session = (): Promise<void> => runWebSocketSession(ws, handler, sessionOptions);
      void (handler.runInScope ? handler.runInScope(session) : session());
    });
  }

  server.on('upgrade', onUpgrade);
  return {
    clients: wss.clients,
    close() {
      server.off('upgrade', onUpgrade);
      for (const client of wss.clients) client.close(1001);
      wss.close();
    },
    terminate() {
      for (const client of wss.clients) client.terminate();
    },
  };
}
