/**
 * `CONNECT` requests. Node's server hands them to a `connect` listener with the bare socket and,
 * without one, drops the connection unanswered. svc tunnels nothing, so CONNECT is one more RFC
 * 9110 method: on a known path the request handler answers 405 with `Allow`, on an authority-form
 * target (`host:port`) 400, like any other method (docs/routing.md, "Methods").
 */
import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

type Serve = (req: IncomingMessage, res: ServerResponse) => void;

export function installConnectAnswers(server: Server, serve: Serve): void {
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
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
