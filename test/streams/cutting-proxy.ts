/**
 * A TCP proxy in front of a server, for the tests of clients that reconnect: `cut()` drops every
 * open connection the way a server or network does (no end of the HTTP message, the socket just
 * closes), `hold()` makes new connections wait unforwarded until `release()`, and each request
 * head that went through is kept, so a test can see what a reconnecting client sent, and what
 * the server sent back, so it can wait for a stream to be live.
 */
import { EventEmitter, once } from 'node:events';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export class CuttingProxy extends EventEmitter {
  /** The text of each connection's first bytes (its request head), in the order forwarded. */
  readonly heads: string[] = [];
  /** Everything the server sent, all connections together. */
  downstream = '';
  private readonly open = new Set<Socket>();
  private held: Socket[] | undefined;
  private refusing = false;

  private constructor(
    private readonly server: Server,
    private readonly targetPort: number,
  ) {
    super();
  }

  static async start(targetPort: number): Promise<CuttingProxy> {
    const server = createServer();
    const proxy = new CuttingProxy(server, targetPort);
    server.on('connection', (socket) => proxy.accept(socket));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return proxy;
  }

  get base(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Drops every open connection (both sides), as a cut link would. */
  cut(): void {
    for (const socket of this.open) socket.destroy();
    this.open.clear();
  }

  /** New connections wait, unforwarded, until `release()`; each emits 'held'. */
  hold(): void {
    this.held ??= [];
  }

  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const socket of held) this.forward(socket);
  }

  /** Resolves once what the server sent (from now on) holds `text`. */
  async sent(text: string): Promise<void> {
    const from = this.downstream.length;
    while (!this.downstream.slice(from).includes(text)) await once(this, 'downstream');
  }

  /** New connections are closed at once (a server that is gone), until `refuse(false)`. */
  refuse(on = true): void {
    this.refusing = on;
  }

  async close(): Promise<void> {
    this.cut();
    for (const socket of this.held ?? []) socket.destroy();
    this.server.close();
    await once(this.server, 'close');
  }

  private accept(socket: Socket): void {
    socket.on('error', () => undefined);
    if (this.refusing) {
      socket.destroy();
      this.emit('refused');
    } else if (this.held !== undefined) {
      this.held.push(socket);
      this.emit('held');
    } else this.forward(socket);
  }

  private forward(socket: Socket): void {
    const upstream = connect(this.targetPort, '127.0.0.1');
    upstream.on('error', () => socket.destroy());
    this.open.add(socket);
    this.open.add(upstream);
    socket.once('data', (chunk: Buffer) => this.heads.push(chunk.toString('latin1')));
    upstream.on('data', (chunk: Buffer) => {
      this.downstream += chunk.toString('latin1');
      this.emit('downstream');
    });
    socket.pipe(upstream).pipe(socket);
    const forget = (): void => {
      this.open.delete(socket);
      this.open.delete(upstream);
      socket.destroy();
      upstream.destroy();
    };
    socket.once('close', forget);
    upstream.once('close', forget);
  }
}
