/**
 * The part of the generated client that opens a WebSocket route as a typed socket: `send` typed
 * incoming messages, `for await` typed outgoing ones. It works with any class shaped like the
 * WHATWG WebSocket (browsers, Node 22+, the `ws` package); with `ws` it also sends the client's
 * headers on the upgrade and turns a refused upgrade into an `ApiError`. Source text for
 * `.svc/client.ts`.
 */
export const SOCKET_SOURCE = String.raw`
/** A WebSocket route's connection. Messages sent before it opens are queued. */
export interface TypedSocket<In, Out> extends AsyncIterable<Out> {
  send(message: In): void;
  close(code?: number, reason?: string): void;
  /** Resolves once the upgrade succeeded; rejects as the iteration would (ApiError, SocketClosedError). */
  readonly opened: Promise<void>;
}

/** The connection closed with a code other than 1000 (or the client's own close). */
export class SocketClosedError extends Error {
  readonly code: number;
  readonly reason: string;

  constructor(code: number, reason: string) {
    super('WebSocket closed with ' + code + (reason ? ': ' + reason : ''));
    this.name = 'SocketClosedError';
    this.code = code;
    this.reason = reason;
  }
}

/** The ws package's refusal event: the upgrade answered with a status, never upgraded. */
interface RefusedUpgrade {
  statusCode?: number;
  headers: Record<string, string | string[] | undefined>;
  [Symbol.asyncIterator](): AsyncIterator<Uint8Array>;
  destroy(): void;
}

async function refusal(id: string, response: RefusedUpgrade): Promise<ApiError> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers))
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of response) text += decoder.decode(chunk, { stream: true });
  response.destroy();
  const body = new Response(text, { status: response.statusCode ?? 500, headers });
  return errorOf({ id, method: 'GET', path: '', args: [] }, body);
}

class ClientSocket<In, Out> implements TypedSocket<In, Out> {
  readonly opened: Promise<void>;
  private readonly socket: WebSocketLike;
  private readonly received: Out[] = [];
  private readonly outbox: string[] = [];
  private waiting: ((settled: void) => void) | undefined;
  private ended: { error?: unknown } | undefined;
  private closing = false;

  constructor(socket: WebSocketLike, spec: OperationSpec) {
    this.socket = socket;
    this.opened = new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => {
        for (const message of this.outbox.splice(0)) socket.send(message);
        resolve();
      });
      this.onEnd = (error) => (error === undefined ? resolve() : reject(error));
    });
    this.opened.catch(() => {});
    socket.addEventListener('message', (event: { data: unknown }) => {
      this.received.push(decodeItem(String(event.data), spec.items) as Out);
      this.wake();
    });
    // Without a listener the ws package throws its 'error' events; the close event that follows says what happened.
    socket.addEventListener('error', () => {});
    socket.addEventListener('close', (event: { code: number; reason: string }) => {
      const clean = event.code === 1000 || (this.closing && event.code === 1005);
      this.end(clean ? undefined : new SocketClosedError(event.code, event.reason));
    });
    const on = (socket as { on?: (event: string, listener: (...args: any[]) => void) => void }).on;
    on?.call(socket, 'unexpected-response', (_request: unknown, response: RefusedUpgrade) => {
      refusal(spec.id, response).then((error) => this.end(error), (error: unknown) => this.end(error));
    });
  }

  private onEnd: (error: unknown) => void = () => {};

  send(message: In): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    if (this.socket.readyState === 0) this.outbox.push(data);
    else if (this.socket.readyState === 1) this.socket.send(data);
    else throw new SocketClosedError(1006, 'send after the socket closed');
  }

  close(code = 1000, reason?: string): void {
    this.closing = true;
    this.socket.close(code, reason);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Out> {
    try {
      for (;;) {
        const next = this.received.shift();
        if (next !== undefined) yield next;
        else if (this.ended) {
          if (this.ended.error !== undefined) throw this.ended.error;
          return;
        } else await new Promise<void>((resolve) => (this.waiting = resolve));
      }
    } finally {
      if (!this.ended && this.socket.readyState <= 1) this.close();
    }
  }

  private end(error: unknown): void {
    if (this.ended) return;
    this.ended = error === undefined ? {} : { error };
    this.onEnd(error);
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.();
  }
}

/** A WebSocket route: connects at once; outside browsers the client's headers go on the upgrade. */
function openSocket<In, Out>(options: ClientOptions, spec: OperationSpec, args: Args, call?: CallOptions): TypedSocket<In, Out> {
  const global = globalThis as { WebSocket?: WebSocketClass; document?: unknown };
  const Socket = options.WebSocket ?? global.WebSocket;
  if (Socket === undefined) throw new Error('No global WebSocket here (Node 20): pass createClient({ WebSocket }) from the ws package');
  const { url, init } = prepare(options, spec, args, call);
  const headers: Record<string, string> = {};
  init.headers.forEach((value, name) => (headers[name] = value));
  const inBrowser = global.document !== undefined && Socket === global.WebSocket;
  const target = url.replace(/^http/, 'ws');
  const socket = inBrowser || Object.keys(headers).length === 0 ? new Socket(target) : new Socket(target, { headers });
  const typed = new ClientSocket<In, Out>(socket, spec);
  call?.signal?.addEventListener('abort', () => typed.close(), { once: true });
  return typed;
}
`;
