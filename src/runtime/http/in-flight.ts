/**
 * The requests a server is serving, for graceful shutdown: how many, and their responses, so a
 * shutdown can ask each one still to be answered to close its connection afterwards.
 *
 * Responses sit in numbered slots reused through a free list rather than in a `Set`: under load
 * a `Set` of the ~100 responses in flight grows and shrinks its table all the time, and that
 * garbage cost the JSON-body scenario about a third of its throughput (docs/performance.md).
 */
import type { ServerResponse } from 'node:http';

export class InFlight {
  private readonly slots: (ServerResponse | undefined)[] = [];
  private readonly free: number[] = [];
  private count = 0;
  private idle: (() => void) | undefined;
  /** Set once a shutdown began: answers from then on close their connection. */
  closing = false;

  get size(): number {
    return this.count;
  }

  /** Counts the response in; gives its slot, for `end`. */
  start(res: ServerResponse): number {
    const slot = this.free.length > 0 ? (this.free.pop() as number) : this.slots.length;
    this.slots[slot] = res;
    this.count++;
    if (this.closing) res.shouldKeepAlive = false;
    return slot;
  }

  end(slot: number): void {
    this.slots[slot] = undefined;
    this.free.push(slot);
    this.count--;
    if (this.count === 0 && this.idle !== undefined) this.idle();
  }

  /** Marks the shutdown; resolves when no request is in flight. */
  drain(): Promise<void> {
    this.closing = true;
    for (const res of this.slots) if (res !== undefined && !res.headersSent) res.shouldKeepAlive = false;
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.idle = () => {
        this.idle = undefined;
        resolve();
      };
    });
  }
}
