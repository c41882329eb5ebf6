/**
 * The server side of every connection a test server accepts, so a test can wait until the
 * server has read what the client sent: that is what makes two writes two reads, without sleeping.
 */
import type net from 'node:net';

export class ServerSockets {
  private readonly sockets: net.Socket[] = [];

  constructor(server: net.Server) {
    server.on('connection', (socket: net.Socket) => this.sockets.push(socket));
  }

  /**
   * Resolves once the server side of `client` (by default the newest connection) has read
   * `bytes` bytes or closed. Checked once per I/O turn: bytesRead has no event of its own, and
   * a 'data' listener would take the bytes from the HTTP parser.
   */
  async hasRead(bytes: number, client?: net.Socket): Promise<void> {
    for (;;) {
      const socket = client ? this.serverSideOf(client) : this.sockets.at(-1);
      if (socket && (socket.bytesRead >= bytes || socket.destroyed)) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private serverSideOf(client: net.Socket): net.Socket | undefined {
    return this.sockets.find(
      (socket) => socket.remotePort === client.localPort && socket.remoteAddress === client.localAddress,
    );
  }
}
