/**
 * The Server-Sent Events wire format (WHATWG HTML, "Server-sent events"): one event per item,
 * its fields (`event`, `id`, `retry`) first when it is an `SseEvent`, then each line of its data
 * on its own `data:` line, a blank line to end the event.
 */
import { SseEvent } from './sse-event.js';

/** Any of CRLF, CR or LF ends a line in an event stream, so each of them starts a new `data:` line. */
const LINE_BREAK = /\r\n|\r|\n/;

/** The heartbeat: a comment line the browser ignores, which keeps proxies from timing out. */
export const HEARTBEAT_FRAME = ': ping\n\n';

/** Encodes a non-string item. JSON of a value never holds a raw line break, so it is one `data:` line. */
export type ItemEncoder = (item: unknown) => string;

export const encodeJson: ItemEncoder = (item) => JSON.stringify(item) ?? '';

/** The event a resuming stream writes when events it should resume with are no longer retained. */
export const GAP_EVENT = 'svc-gap';

/** `event: svc-gap` with the id after which events were lost; no id of its own, so the client's stays. */
export function gapFrame(lastEventId: string): string {
  return `event: ${GAP_EVENT}\ndata: ${JSON.stringify({ lastEventId })}\n\n`;
}

/**
 * The frame for one item: strings as they are (split into `data:` lines), anything else
 * through `encode`; an `SseEvent`'s fields before its data. `id` is written for an item without
 * an id of its own (a relay's position, docs/streams.md "Resuming"). Returns undefined for
 * `undefined` items, which send nothing.
 */
export function formatEvent(
  item: unknown,
  encode: ItemEncoder = encodeJson,
  id?: string,
): string | undefined {
  if (item === undefined) return undefined;
  // Strings, the commonest items, skip the prototype check.
  if (typeof item === 'object' && item instanceof SseEvent)
    return formatSseEvent(item as SseEvent<unknown>, encode, id);
  const lines = dataLines(item, encode);
  return id === undefined ? `${lines}\n` : `id: ${id}\n${lines}\n`;
}

function dataLines(data: unknown, encode: ItemEncoder): string {
  const text = typeof data === 'string' ? data : encode(data);
  // One line, the usual case (any JSON), without splitting: indexOf is much cheaper than a regex split.
  if (text.indexOf('\n') === -1 && text.indexOf('\r') === -1) return `data: ${text}\n`;
  let lines = '';
  for (const line of text.split(LINE_BREAK)) lines += `data: ${line}\n`;
  return lines;
}

/**
 * The fields as the event holds them (checked when it was made, and frozen), then the data. With
 * `undefined` data there are no `data:` lines: a browser takes the id and retry, dispatches nothing.
 * The event's own id wins over `stamp`.
 */
function formatSseEvent(
  event: SseEvent<unknown>,
  encode: ItemEncoder,
  stamp: string | undefined,
): string | undefined {
  const { event: name, retry } = event.options;
  const id = event.options.id ?? stamp;
  let frame = '';
  if (name !== undefined) frame += `event: ${name}\n`;
  if (id !== undefined) frame += `id: ${id}\n`;
  if (retry !== undefined) frame += `retry: ${retry}\n`;
  if (event.data !== undefined) frame += dataLines(event.data, encode);
  return frame === '' ? undefined : `${frame}\n`;
}
