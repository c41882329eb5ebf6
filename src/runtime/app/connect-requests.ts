/**
 * `CONNECT` requests. Node's server hands them to a `connect` listener with the bare socket and,
 * without one, drops the connection unanswered. svc tunnels nothing, so CONNECT is one more RFC
 * 9110 method: on a known path the request handler answers 405 with `Allow`, on an authority-form
 * target (`host:port`) 400, like any other method (docs/routing.md, "Methods"), over HTTP/1.1
 * and HTTP/2 alike.
 */
import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

type Serve = (req: IncomingMessage, res: ServerResponse) => void;

export function installConnectAnswers(server: Server, serve: Serve): void {
  server.on('connect', (req: IncomingMessage, socket: Duplex | ServerResponse) => {
    // HTTP/2 (the `tls` option) hands a CONNECT over as a stream with its response, framed like
    // any other request (its target, the authority, is the request's url: http2-compat.ts).
    if ('writeHead' in socket) return serve(req, socket);
    socket.on('error', () => socket.destroy());
    const res = new ServerResponse(req);
    // The connection carried a CONNECT: nothing after it is framed as HTTP, so it ends here.
    res.shouldKeepAlive = false;
    res.assignSocket(socket as Parameters<ServerResponse['assignSocket']>[0]);
    res.on('finish', () => {
      res.detachSocket(socket as Parameters<ServerResponse['detachSocket']>[0]);
      socket.end();
    });
    serve(req, res);
  });
}
