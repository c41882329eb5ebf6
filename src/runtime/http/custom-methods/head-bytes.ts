/**
 * The bytes of a request head as they arrive, kept in one buffer that doubles when full.
 * Appending a read then costs that read's length (amortised); concatenating each read onto all
 * the earlier ones cost the whole head again on every read, quadratic in a head sent in small
 * pieces.
 */
const INITIAL_CAPACITY = 1024;
const EMPTY = Buffer.alloc(0);

export class HeadBytes {
  private store: Buffer;
  private used = 0;

  constructor(first: Buffer) {
    this.store = Buffer.allocUnsafe(Math.max(first.length, INITIAL_CAPACITY));
    this.append(first);
  }

  append(chunk: Buffer): void {
    const needed = this.used + chunk.length;
    if (needed > this.store.length) {
      // allocUnsafe: only the bytes copied in are ever read (`bytes` ends at `used`).
      const grown = Buffer.allocUnsafe(Math.max(this.store.length * 2, needed));
      this.store.copy(grown, 0, 0, this.used);
      this.store = grown;
    }
    chunk.copy(this.store, this.used);
    this.used = needed;
  }

  /** Lets the bytes go once the head is read (what of them the body needs is already pushed on). */
  release(): void {
    this.store = EMPTY;
    this.used = 0;
  }

  /** Every byte received so far (a view, valid until the next `append`). */
  get bytes(): Buffer {
    return this.store.subarray(0, this.used);
  }
}
