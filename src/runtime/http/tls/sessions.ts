/**
 * The HTTP/2 sessions of a server, for closing them: HTTP/2 connections are not in the list
 * `node:http` keeps of its own, so `closeIdleConnections` / `closeAllConnections` never reach
 * them and `server.close()` would wait for every client to hang up by itself.
 */
import type { ServerHttp2Session } from 'node:http2';

export class Http2Sessions {
  private readonly open = new Set<ServerHttp2Session>();

  /**
   * `idleMs`: a session with no frame in either direction for that long is closed as a shutdown
   * closes it (GOAWAY, its streams finish), so idle clients do not hold connections forever.
   */
  constructor(private readonly idleMs: number) {}

  get size(): number {
    return this.open.size;
  }

  readonly add = (session: ServerHttp2Session): void => {
    this.open.add(session);
    session.once('close', () => this.open.delete(session));
    session.setTimeout(this.idleMs, () => session.close());
  };

  /** GOAWAY on each: no new streams; each session closes once its open streams have finished. */
  closeGracefully(): void {
    for (const session of this.open) session.close();
  }

  /** Cuts every session now, streams and all. */
  destroyAll(): void {
    for (const session of this.open) session.destroy();
  }
}
