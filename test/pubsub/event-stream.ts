/**
 * An SSE client over a real socket (node:http) that keeps every field of each event as it came
 * on the wire (`event`, `id`, `retry`, the data lines joined), for the resume tests: it can send
 * `Last-Event-ID` as a reconnecting browser does, and waits for events without sleeping.
 */
import { once } from 'node:events';
import { get, type ClientRequest, type IncomingMessage } from 'node:http';

/** One event block, with only the fields it had (comments such as `: ping` are skipped). */
export interface WireEvent {
  event?: string;
  id?: string;
  retry?: string;
  data?: string;
}

export class EventStream {
  private readonly events: WireEvent[] = [];
  private waiting: (() => void) | undefined;
  private buffer = '';
  ended = false;

  private constructor(
    private readonly request: ClientRequest,
    readonly response: IncomingMessage,
  ) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => this.feed(chunk));
    response.on('end', () => {
      this.ended = true;
      this.wake();
    });
  }

  /** GET `url` as an event stream; `lastEventId` is sent as a reconnecting browser sends it. */
  static async open(url: string, lastEventId?: string): Promise<EventStream> {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    const request = get(url, { headers });
    const [response] = (await once(request, 'response')) as [IncomingMessage];
    return new EventStream(request, response);
  }

  /** The next `count` events, in order (rejects after a bound, or when the stream ends first). */
  async take(count: number, timeoutMs = 30_000): Promise<WireEvent[]> {
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      this.wake();
    }, timeoutMs);
    try {
      while (this.events.length < count && !this.ended && !timedOut)
        await new Promise<void>((resolve) => (this.waiting = resolve));
    } finally {
      clearTimeout(deadline);
    }
    if (this.events.length < count) {
      const why = timedOut ? `within ${timeoutMs} ms` : 'before the stream ended';
      throw new Error(`${this.events.length} of ${count} events ${why}: ${JSON.stringify(this.events)}`);
    }
    return this.events.splice(0, count);
  }

  /** Events that arrived and were not taken. */
  get pending(): readonly WireEvent[] {
    return this.events;
  }

  async close(): Promise<void> {
    if (this.request.destroyed) return;
    const closed = once(this.request, 'close');
    this.request.destroy();
    await closed;
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.();
  }

  private feed(chunk: string): void {
    this.buffer += chunk;
    for (let end = this.buffer.indexOf('\n\n'); end !== -1; end = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event = parseBlock(block);
      if (event !== undefined) this.events.push(event);
    }
    this.wake();
  }
}

function parseBlock(block: string): WireEvent | undefined {
  const event: WireEvent = {};
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(': ');
    const [field, value] = colon === -1 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 2)];
    if (field === 'data') data.push(value);
    else if (field === 'event' || field === 'id' || field === 'retry') event[field] = value;
  }
  if (data.length > 0) event.data = data.join('\n');
  return Object.keys(event).length === 0 ? undefined : event;
}

/** The data of each event (undefined for one without data). */
export const dataOf = (events: readonly WireEvent[]): (string | undefined)[] =>
  events.map((event) => event.data);
