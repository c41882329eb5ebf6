/**
 * The part of the generated client that reads an SSE route: `text/event-stream` from fetch's
 * body stream, one item per event, as an `AsyncIterable`. Leaving the `for await` early aborts
 * the request, so the server closes the handler's iterator. A connection that drops is resumed
 * as a browser's EventSource would: again, with `Last-Event-ID` (bounded retries with backoff,
 * after the server's `retry:`); svc's `svc-gap` notice throws `SseGapError` unless the call
 * takes it with `onGap`. Source text for `.svc/client.ts`.
 */
export const SSE_SOURCE = String.raw`
/** Splits off the complete lines (CRLF, CR or LF); a CR at the very end waits, since an LF may follow it. */
function takeLines(buffer: string): { lines: string[]; rest: string } {
  const held = buffer.endsWith('\r');
  const lines = (held ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
  const rest = lines.pop() ?? '';
  return { lines, rest: held ? rest + '\r' : rest };
}

/**
 * One event of a route whose items are SseEvents, as a browser's EventSource sees it: 'event' is
 * its name ('message' when the server sent none), 'id' the last id the stream sent ('' before any).
 */
export interface SseMessage<T, E extends string = string> {
  data: T;
  event: E;
  id: string;
}

/** Per call, for SSE routes: how a dropped stream is resumed (docs/streams.md, "Resuming"). */
export interface CallOptions {
  /** Reconnect after a dropped connection, at most 'retries' failed attempts in a row (default 5); false: never. */
  reconnect?: false | { retries?: number };
  /** Told when the server says events after 'lastEventId' are lost (svc-gap); without it the loop throws SseGapError. */
  onGap?: (lastEventId: string) => void;
}

/** The server could not resume the stream where it was: the events after 'lastEventId' are no longer kept. */
export class SseGapError extends Error {
  readonly operation: string;
  readonly lastEventId: string;

  constructor(operation: string, lastEventId: string) {
    super(operation + ': the events after ' + JSON.stringify(lastEventId) + ' are no longer kept by the server');
    this.name = 'SseGapError';
    this.operation = operation;
    this.lastEventId = lastEventId;
  }
}

/**
 * The event being read (WHATWG HTML, "Interpreting an event stream"). 'lastId' is the id when the
 * last event was dispatched, sent back as Last-Event-ID; 'retry' the delay the server asked for.
 */
interface EventBuffer {
  data: string[];
  event: string;
  id: string;
  lastId: string;
  retry: number | undefined;
}

/** Feeds one line to the event being built; returns the event when the line ends it. */
function readLine(line: string, buffer: EventBuffer): SseMessage<string> | undefined {
  if (line === '') return dispatch(buffer);
  if (line.startsWith(':')) return undefined;
  const colon = line.indexOf(':');
  const field = colon === -1 ? line : line.slice(0, colon);
  let value = colon === -1 ? '' : line.slice(colon + 1);
  if (value.startsWith(' ')) value = value.slice(1);
  if (field === 'data') buffer.data.push(value);
  else if (field === 'event') buffer.event = value;
  else if (field === 'id' && !value.includes('\0')) buffer.id = value;
  else if (field === 'retry' && /^\d+$/.test(value)) buffer.retry = Number(value);
  return undefined;
}

/** The blank line: an event when data came (fields without data only update the id), under its name or 'message'. */
function dispatch(buffer: EventBuffer): SseMessage<string> | undefined {
  const event = buffer.event === '' ? 'message' : buffer.event;
  buffer.event = '';
  buffer.lastId = buffer.id;
  if (buffer.data.length === 0) return undefined;
  return { data: buffer.data.splice(0).join('\n'), event, id: buffer.id };
}

/** The data as an item, or for a route of SseEvents the whole event, its data read by the event's name. */
function eventItem(message: SseMessage<string>, spec: OperationSpec): unknown {
  if (!spec.events) return decodeItem(message.data, spec.items);
  const reading = spec.events.find(([name]) => name === message.event)?.[1] ?? spec.items;
  return { data: decodeItem(message.data, reading), event: message.event, id: message.id };
}

/** svc's notice that events were lost: handed to 'onGap', or thrown. */
function gap(message: SseMessage<string>, spec: OperationSpec, call: CallOptions | undefined): void {
  let lastEventId = '';
  try {
    lastEventId = String((JSON.parse(message.data) as { lastEventId?: unknown }).lastEventId ?? '');
  } catch {
    // Not svc's notice after all: still a loss the caller must hear of.
  }
  if (!call?.onGap) throw new SseGapError(spec.id, lastEventId);
  call.onGap(lastEventId);
}

/**
 * The events of one response, until it ends (returns undefined) or the connection drops
 * (returns the error, and whether any event came first). An event cut off by the drop is dropped.
 */
async function* readEvents<T>(
  response: Response,
  spec: OperationSpec,
  event: EventBuffer,
  call: CallOptions | undefined,
): AsyncGenerator<T, { error: unknown; received: boolean } | undefined> {
  if (!response.body) return undefined;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let received = false;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      return { error, received };
    }
    if (chunk.done) return undefined;
    const split = takeLines(buffer + decoder.decode(chunk.value, { stream: true }));
    buffer = split.rest;
    for (const line of split.lines) {
      const message = readLine(line, event);
      if (message === undefined) continue;
      received = true;
      if (message.event === 'svc-gap') gap(message, spec, call);
      else yield eventItem(message, spec) as T;
    }
  }
}

const RECONNECT_RETRIES = 5;
/** The first wait before reconnecting when the server sent no 'retry:'; it doubles per failed attempt, up to the cap. */
const RECONNECT_DELAY_MS = 1000;
const RECONNECT_MAX_DELAY_MS = 30000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

function streamHeaders(call: CallOptions | undefined, lastEventId: string): Record<string, string> {
  const headers: Record<string, string> = { accept: 'text/event-stream', ...call?.headers };
  if (lastEventId !== '') headers['last-event-id'] = lastEventId;
  return headers;
}

/**
 * A new connection after a drop, from the last id seen: after the server's 'retry:' (or 1 s),
 * doubling per failed attempt; throws 'cause' once 'retries' attempts in a row failed, and an
 * ApiError at once (the server answered, and not with a stream).
 */
async function reconnect(
  options: ClientOptions,
  spec: OperationSpec,
  args: Args,
  state: { call: CallOptions | undefined; event: EventBuffer; signal: AbortSignal; failures: number },
  cause: unknown,
): Promise<Response | undefined> {
  const { call, event, signal } = state;
  const retries = call?.reconnect === false ? 0 : (call?.reconnect?.retries ?? RECONNECT_RETRIES);
  for (;;) {
    if (state.failures >= retries) throw cause;
    const delay = (event.retry ?? RECONNECT_DELAY_MS) * 2 ** state.failures;
    await pause(Math.min(delay, RECONNECT_MAX_DELAY_MS), signal);
    if (signal.aborted) return undefined;
    state.failures++;
    try {
      return await send(options, spec, args, { ...call, headers: streamHeaders(call, event.lastId), signal });
    } catch (error) {
      if (error instanceof ApiError || signal.aborted) throw error;
      cause = error;
    }
  }
}

/** Reads the stream; after a dropped connection, reconnects with Last-Event-ID and goes on. */
async function* readResuming<T>(
  options: ClientOptions,
  spec: OperationSpec,
  args: Args,
  call: CallOptions | undefined,
  signal: AbortSignal,
): AsyncGenerator<T> {
  const event: EventBuffer = { data: [], event: '', id: '', lastId: '', retry: undefined };
  const state = { call, event, signal, failures: 0 };
  let response: Response | undefined = await send(options, spec, args, { ...call, headers: streamHeaders(call, ''), signal });
  while (response !== undefined) {
    const dropped = yield* readEvents<T>(response, spec, event, call);
    if (dropped === undefined) return;
    if (signal.aborted) throw dropped.error;
    if (dropped.received) state.failures = 0;
    // An event cut off by the drop is not dispatched; the id stays the last dispatched one.
    event.data = [];
    event.event = '';
    event.id = event.lastId;
    response = await reconnect(options, spec, args, state, dropped.error);
  }
}

/**
 * An SSE route: nothing is sent until the first 'for await'; a non-2xx answer throws ApiError there.
 * A dropped connection is resumed from the last id seen (docs/streams.md, "Resuming").
 */
function eventStream<T>(options: ClientOptions, spec: OperationSpec, args: Args, call?: CallOptions): AsyncIterable<T> {
  return {
    async *[Symbol.asyncIterator]() {
      const abort = new AbortController();
      const onAbort = () => abort.abort();
      if (call?.signal?.aborted) abort.abort();
      call?.signal?.addEventListener('abort', onAbort);
      try {
        yield* readResuming<T>(options, spec, args, call, abort.signal);
      } finally {
        call?.signal?.removeEventListener('abort', onAbort);
        abort.abort();
      }
    },
  };
}
`;

/** How an SSE event or WebSocket message becomes an item (docs/client.md, "Streams"). Source text. */
export const ITEM_SOURCE = String.raw`
/** One event's or message's text → the item: as it is, as JSON, or as JSON unless it does not parse to a non-string. */
function decodeItem(data: string, items: OperationSpec['items']): unknown {
  if (items === 'text') return data;
  if (items === 'json') return JSON.parse(data);
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'string' ? data : value;
  } catch {
    return data;
  }
}
`;
