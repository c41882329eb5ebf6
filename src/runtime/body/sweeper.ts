/**
 * The clock of the body timeout (./timeout.ts): one unref'd interval per timeout value, shared by
 * every body being waited for with that value, instead of a timer and listeners per request. A
 * request whose body comes at once is linked into a list and unlinked again (two pointer writes
 * each way: a Set's hashing cost more, measured); only the sweep, a tenth of the timeout apart (at
 * most a second), looks at the bodies still being read.
 */
import type { IncomingMessage } from 'node:http';

/** What a sweep needs of one watched body; its reader bumps `heard` for every chunk it takes. */
export interface Watched {
  readonly req: IncomingMessage;
  /** Chunks the reader has taken so far. */
  heard: number;
  /** `heard` at the last sweep; -1 before the first, so that sweep counts as hearing it. */
  seen: number;
  /** Sweeps in a row that heard nothing. */
  quiet: number;
  /** Called once, by the sweep that finds the client silent for the whole timeout. */
  expire(): void;
  /** The sweeper's list, kept in the entries themselves; both null when not listed. */
  prev: Watched | null;
  next: Watched | null;
}

/** A tenth of the timeout: the 408 comes at most two sweeps late (one to notice, one to fire). */
export function sweepPeriod(ms: number): number {
  return Math.min(1000, Math.max(1, Math.floor(ms / 10)));
}

export class Sweeper {
  private first: Watched | null = null;
  private interval: NodeJS.Timeout | undefined;
  private readonly period: number;
  /** Quiet sweeps that prove `ms` of silence: the sweep that last heard something is `ms` behind. */
  private readonly limit: number;

  constructor(ms: number) {
    this.period = sweepPeriod(ms);
    this.limit = Math.ceil(ms / this.period);
  }

  add(body: Watched): void {
    body.prev = null;
    body.next = this.first;
    if (this.first !== null) this.first.prev = body;
    this.first = body;
    // Unref'd: a waiting body keeps the process alive through its socket, not through this clock.
    this.interval ??= setInterval(() => this.sweep(), this.period).unref();
  }

  /** Unlinks `body`; a body not listed (stopped twice, or expired) is left as it is. */
  delete(body: Watched): void {
    if (body.prev !== null) body.prev.next = body.next;
    else if (this.first === body) this.first = body.next;
    else return;
    if (body.next !== null) body.next.prev = body.prev;
    body.prev = null;
    body.next = null;
  }

  private sweep(): void {
    // Kept through busy spells, cleared after one sweep with nothing to watch.
    if (this.first === null) {
      clearInterval(this.interval);
      this.interval = undefined;
      return;
    }
    let expired: Watched[] | undefined;
    for (let body: Watched | null = this.first, next; body !== null; body = next) {
      next = body.next;
      if (this.expires(body)) (expired ??= []).push(body);
    }
    // After the walk: an expiry runs the reader's failure path, which may stop other watches.
    if (expired !== undefined) for (const body of expired) body.expire();
  }

  /** Whether `body` has been silent for the timeout; unlinks it if so, or if it needs no watch. */
  private expires(body: Watched): boolean {
    const { req } = body;
    // Sent whole or gone: the client is not silent, whatever the reader still does with it.
    if (req.complete || req.destroyed) {
      this.delete(body);
      return false;
    }
    // Paused: svc, not the client, holds the body back; its silence is not the client's.
    if (body.heard !== body.seen || req.isPaused()) {
      body.seen = body.heard;
      body.quiet = 0;
      return false;
    }
    if (++body.quiet < this.limit) return false;
    this.delete(body);
    return true;
  }
}
