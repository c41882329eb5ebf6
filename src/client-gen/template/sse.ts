/**
 * The part of the generated client that reads an SSE route: `text/event-stream` from fetch's
 * body stream, one item per event, as an `AsyncIterable`. Leaving the `for await` early aborts
 * the request, so the server closes the handler's iterator. Source text for `.svc/client.ts`.
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

/** The event being read (WHATWG HTML, "Interpreting an event stream"); the id outlives it. */
interface EventBuffer {
  data: string[];
  event: string;
  id: string;
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
  return undefined;
}

/** The blank line: an event when data came (fields without data only update the id), under its name or 'message'. */
function dispatch(buffer: EventBuffer): SseMessage<string> | undefined {
  const event = buffer.event === '' ? 'message' : buffer.event;
  buffer.event = '';
  if (buffer.data.length === 0) return undefined;
  return { data: buffer.data.splice(0).join('\n'), event, id: buffer.id };
}

/** The data as an item, or for a route of SseEvents the whole event, its data read by the event's name. */
function eventItem(message: SseMessage<string>, spec: OperationSpec): unknown {
  if (!spec.events) return decodeItem(message.data, spec.items);
  const reading = spec.events.find(([name]) => name === message.event)?.[1] ?? spec.items;
  return { data: decodeItem(message.data, reading), event: message.event, id: message.id };
}

async function* readEvents<T>(response: Response, spec: OperationSpec): AsyncGenerator<T> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const event: EventBuffer = { data: [], event: '', id: '' };
  let buffer = '';
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) return;
    const split = takeLines(buffer + decoder.decode(chunk.value, { stream: true }));
    buffer = split.rest;
    for (const line of split.lines) {
      const message = readLine(line, event);
      if (message !== undefined) yield eventItem(message, spec) as T;
    }
  }
}

/** An SSE route: nothing is sent until the first 'for await'; a non-2xx answer throws ApiError there. */
function eventStream<T>(options: ClientOptions, spec: OperationSpec, args: Args, call?: CallOptions): AsyncIterable<T> {
  return {
    async *[Symbol.asyncIterator]() {
      const abort = new AbortController();
      const onAbort = () => abort.abort();
      if (call?.signal?.aborted) abort.abort();
      call?.signal?.addEventListener('abort', onAbort);
      try {
        const headers = { accept: 'text/event-stream', ...call?.headers };
        const response = await send(options, spec, args, { headers, signal: abort.signal });
        yield* readEvents<T>(response, spec);
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
