/**
 * One raw TCP connection to a test server, driven by events: write bytes, wait for the server's
 * first answer bytes or for the close, and see whatever it sent. `ServerSockets`
 * (test/custom-methods/server-sockets.ts) waits until the server has read what was sent.
 */
import { once } from 'node:events';
import net from 'node:net';
import { parseResponses } from '../custom-methods/raw-client.js';

export class RawConnection {
  readonly socket: net.Socket;
  received = '';
  private readonly closed: Promise<void>;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (this.received += chunk));
    socket.on('error', () => {});
    this.closed = once(socket, 'close').then(() => undefined);
  }

  static async open(port: number): Promise<RawConnection> {
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    return new RawConnection(socket);
  }

  /** Writes bytes, unless the server already closed the connection. */
  write(bytes: string): void {
    if (!this.socket.destroyed && this.socket.writable) this.socket.write(bytes, 'latin1');
  }

  /** Resolves once the server has sent something (or closed). */
  async firstAnswer(): Promise<string> {
    if (this.received === '' && !this.socket.destroyed) {
      await Promise.race([once(this.socket, 'data'), this.closed]);
    }
    return this.received;
  }

  /** Resolves with everything the server sent, once it closed the connection. */
  async untilClosed(): Promise<string> {
    await this.closed;
    return this.received;
  }
}

/** The status codes of the responses in a raw answer, in order. */
export function statuses(raw: string): number[] {
  return parseResponses(raw).map((response) => response.status);
}
