/**
 * The frames of one SSE response on their way out, written together: whatever is framed within
 * one turn of the event loop goes out in one `res.write` at the end of that turn (a `setImmediate`),
 * or at once when it reaches BATCH_CHARS. One write per event was a third of a fast stream's CPU
 * (a chunk header and a `writev` each); an event still leaves within the turn it was made in.
 *
 * Backpressure is the response's: once a write is refused (`res.write` returned false) the batch
 * is full until 'drain', and the pump pulls nothing meanwhile, so at most one batch (BATCH_CHARS
 * plus one frame) is ever held here beside what Node buffers.
 */
import type { ServerResponse } from 'node:http';

/** Characters held before the batch is written without waiting for the end of the turn. */
export const BATCH_CHARS = 16 * 1024;

export class FrameBatch {
  private frames = '';
  private flushAt: NodeJS.Immediate | undefined;
  private blocked = false;
  private room: Promise<void> | undefined;
  private wakeRoom: (() => void) | undefined;

  /** `wrote` is told of every write (the heartbeat restarts its interval). */
  constructor(
    private readonly res: ServerResponse,
    private readonly wrote: () => void,
  ) {}

  /** True while the response refuses more (until it drains). */
  get full(): boolean {
    return this.blocked;
  }

  /** Adds `frame` to the batch; written by the end of this turn. */
  add(frame: string): void {
    this.frames += frame;
    if (this.frames.length >= BATCH_CHARS) this.flush();
    else this.flushAt ??= setImmediate(this.flush);
  }

  /** Undefined while the response takes more; otherwise a promise settled once it drains. */
  whenRoom(): Promise<void> | undefined {
    if (!this.blocked) return undefined;
    return (this.room ??= new Promise((resolve) => (this.wakeRoom = resolve)));
  }

  /** Ends the response after what is still held (one write); nothing is written to a closed one. */
  end(): void {
    this.cancelFlush();
    this.res.off('drain', this.drained);
    const frames = this.frames;
    this.frames = '';
    if (this.res.writableEnded) return;
    if (frames !== '' && isOpen(this.res)) this.res.end(frames);
    else this.res.end();
  }

  readonly flush = (): void => {
    this.cancelFlush();
    const frames = this.frames;
    if (frames === '') return;
    this.frames = '';
    if (!isOpen(this.res)) return;
    if (!this.res.write(frames) && !this.blocked) {
      this.blocked = true;
      this.res.once('drain', this.drained);
    }
    this.wrote();
  };

  private cancelFlush(): void {
    if (this.flushAt === undefined) return;
    clearImmediate(this.flushAt);
    this.flushAt = undefined;
  }

  private readonly drained = (): void => {
    this.blocked = false;
    const wake = this.wakeRoom;
    this.room = undefined;
    this.wakeRoom = undefined;
    wake?.();
  };
}

/** Whether `res` may still be written to: not ended, and neither it nor its socket destroyed. */
export function isOpen(res: ServerResponse): boolean {
  return !res.writableEnded && !res.destroyed && res.socket?.destroyed !== true;
}
