/**
 * Clients of a chat room stream over real sockets: server-sent events (node:http) and WebSocket
 * (`ws`). Each parses its JSON events into an inbox the test awaits one event at a time.
 */
import { once } from 'node:events';
import { get, type ClientRequest, type IncomingMessage } from 'node:http';
import { WebSocket } from 'ws';

/** Events in arrival order; `next()` waits for the next one (rejects after a bound, never sleeps). */
class Inbox<T> {
  private readonly items: T[] = [];
  private waiting: ((item: T) => void) | undefined;
  ended = false;

  push(item: T): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting(item);
    else this.items.push(item);
  }

  next(what: string, timeoutMs = 30_000): Promise<T> {
    const item = this.items.shift();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
      this.waiting = (arrived) => {
        clearTimeout(timer);
        resolve(arrived);
      };
    });
  }

  get pending(): readonly T[] {
    return this.items;
  }
}

export type RoomEvent = Record<string, unknown> & { type: string };

export interface RoomClient {
  /** The next event of the room (the first is `joined`). */
  next(): Promise<RoomEvent>;
  /** Events that arrived and were not taken yet. */
  readonly pending: readonly RoomEvent[];
  close(): Promise<void>;
}

export class SseClient implements RoomClient {
  private readonly inbox = new Inbox<RoomEvent>();
  private buffer = '';
  /** Events parsed so far, taken or not. */
  received = 0;

  private constructor(
    private readonly request: ClientRequest,
    readonly response: IncomingMessage,
  ) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => this.feed(chunk));
    response.on('end', () => (this.inbox.ended = true));
  }

  static async open(url: string): Promise<SseClient> {
    const request = get(url, { headers: { accept: 'text/event-stream' } });
    const [response] = (await once(request, 'response')) as [IncomingMessage];
    return new SseClient(request, response);
  }

  next(): Promise<RoomEvent> {
    return this.inbox.next('server-sent event');
  }

  get pending(): readonly RoomEvent[] {
    return this.inbox.pending;
  }

  async close(): Promise<void> {
    const closed = once(this.request, 'close');
    this.request.destroy();
    await closed;
  }

  private feed(chunk: string): void {
    this.buffer += chunk;
    for (let end = this.buffer.indexOf('\n\n'); end !== -1; end = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6));
      if (data.length === 0) continue;
      this.received++;
      this.inbox.push(JSON.parse(data.join('\n')) as RoomEvent);
    }
  }
}

export class WsClient implements RoomClient {
  private readonly inbox = new Inbox<RoomEvent>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.inbox.push(JSON.parse(String(data)) as RoomEvent));
    socket.on('close', () => (this.inbox.ended = true));
  }

  static async open(url: string): Promise<WsClient> {
    const socket = new WebSocket(url);
    const client = new WsClient(socket);
    await once(socket, 'open');
    return client;
  }

  next(): Promise<RoomEvent> {
    return this.inbox.next('WebSocket message');
  }

  get pending(): readonly RoomEvent[] {
    return this.inbox.pending;
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    const closed = once(this.socket, 'close');
    this.socket.close();
    await closed;
  }
}

/** POSTs a chat message; returns the status and the body text. */
export async function post(
  base: string,
  room: string,
  message: { from: string; text: string },
): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(`${base}/api/rooms/${room}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}
