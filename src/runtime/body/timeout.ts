/**
 * The body timeout (the app's `bodyTimeoutMs`): while svc waits for a request body, the client may
 * send nothing for at most that long, before the first byte and between two chunks. Past it the
 * read fails with `408 SVC_ERR_BODY_TIMEOUT` and the connection is closed after the answer. Only
 * the client's silence counts: while svc itself holds the body back (a paused request: the
 * multipart parser waiting on the disk, a handler not reading its stream yet) the clock waits too.
 * The whole request stays bounded by Node's `requestTimeout`, however slowly it trickles in.
 * Checked by a shared sweep (./sweeper.ts), so a body that comes with its head costs no timer.
 */
import type { IncomingMessage } from 'node:http';
import { FrameworkHttpError } from '../errors/problem.js';
import { Sweeper, type Watched } from './sweeper.js';

export function bodyTimedOut(ms: number): FrameworkHttpError {
  return new FrameworkHttpError(
    'SVC_ERR_BODY_TIMEOUT',
    `The request body stopped arriving: nothing came for ${ms} ms.`,
    undefined,
    // The rest of the body may still come: nothing after it on the connection can be read with certainty.
    { connection: 'close' },
  );
}

/**
 * One body svc waits for: its reader bumps `heard` for every chunk it takes, and calls `stop()`
 * once the read settles (on the body's end, a failure, or the answer). A plain object linked into
 * the sweeper's list: no timer, no listener and no closure of its own.
 */
export class BodyWatch implements Watched {
  heard = 0;
  seen = -1;
  quiet = 0;
  prev: Watched | null = null;
  next: Watched | null = null;

  constructor(
    readonly req: IncomingMessage,
    private readonly ms: number,
    private readonly onExpire: (error: FrameworkHttpError) => void,
    private readonly sweeper: Sweeper | undefined,
  ) {
    sweeper?.add(this);
  }

  expire(): void {
    this.onExpire(bodyTimedOut(this.ms));
  }

  stop(): void {
    this.sweeper?.delete(this);
  }
}

/** One sweeper per timeout value an app uses (in practice one per process). */
const sweepers = new Map<number, Sweeper>();
/** The last one asked for: every read of an app asks for the same, and skips the Map (profiled). */
let last: { ms: number; sweeper: Sweeper } | undefined;

function sweeperFor(ms: number): Sweeper {
  if (last?.ms === ms) return last.sweeper;
  let sweeper = sweepers.get(ms);
  if (sweeper === undefined) sweepers.set(ms, (sweeper = new Sweeper(ms)));
  last = { ms, sweeper };
  return sweeper;
}

/**
 * Watches `req`'s body for `ms` of client silence (0: never): past it, `expire` gets the 408. The
 * 408 comes between `ms` and `ms` plus two sweeps (a tenth of `ms` each, at most 1 s; ./sweeper.ts).
 * Per stream, not per connection: progress is what the reader takes of this request, so a silent
 * HTTP/2 stream times out however busy its session's other streams are.
 */
export function watchBody(
  req: IncomingMessage,
  ms: number,
  expire: (error: FrameworkHttpError) => void,
): BodyWatch {
  return new BodyWatch(req, ms, expire, ms === 0 ? undefined : sweeperFor(ms));
}
