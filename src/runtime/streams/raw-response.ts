/**
 * A real `http.ServerResponse` on a socket Node's HTTP server no longer manages (an upgrade
 * request, or a request its parser rejected). The runtime's normal response writers work on
 * it unchanged; the connection is closed once the response is written.
 */
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/** How long a closing socket may keep the peer's unread bytes coming before it is destroyed. */
const LINGER_MS = 2000;

/**
 * Ends the socket gracefully: FIN after the queued bytes, keep reading (and dropping) what the
 * peer still sends so the kernel does not answer with RST before the peer read the response,
 * and destroy it if the peer never closes.
 */
export function closeSocketSoon(socket: Duplex): void {
  if (socket.destroyed) return;
  socket.on('data', () => {});
  socket.on('error', () => {});
  socket.end();
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/**
 * A response for `req` written straight to `socket`, with `Connection: close`. The socket is
 * closed when the response finishes (or the response is abandoned by a closing socket).
 */
export function responseOnSocket(req: IncomingMessage, socket: Duplex): ServerResponse {
  const res = new ServerResponse(req);
  res.shouldKeepAlive = false;
  // assignSocket is typed for net.Socket; any Duplex the server handed us is one.
  res.assignSocket(socket as Parameters<ServerResponse['assignSocket']>[0]);
  res.once('finish', () => {
    res.detachSocket(socket as Parameters<ServerResponse['detachSocket']>[0]);
    closeSocketSoon(socket);
  });
  return res;
}
