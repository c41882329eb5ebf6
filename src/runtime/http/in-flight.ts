/**
 * The requests a server is serving, for graceful shutdown: how many, and their responses, so a
 * shutdown can ask each one still to be answered to close its connection afterwards.
 */
import type { ServerResponse } from 'node:http';

export class InFlight {
  private readonly responses = new Set<ServerResponse>();
  private idle: (() => void) | undefined;
  /** Set once a shutdown began: answers from then on close their connection. */
  closing = false;

  get size(): number {
    return this.responses.size;
  }

  start(res: ServerResponse): void {
    this.responses.add(res);
    if (this.closing) res.shouldKeepAlive = false;
  }

  end(res: ServerResponse): void {
    this.responses.delete(res);
    if (this.responses.size === 0 && this.idle !== undefined) this.idle();
  }

  /** Marks the shutdown; resolves when no request is in flight. */
  drain(): Promise<void> {
    this.closing = true;
    for (const res of this.responses) if (!res.headersSent) res.shouldKeepAlive = false;
    if (this.responses.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.idle = () => {
        this.idle = undefined;
        resolve();
      };
    });
  }
}
