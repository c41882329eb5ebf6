/**
 * The Server-Sent Events wire format (WHATWG HTML, "Server-sent events"): one event per item,
 * each line of its data on its own `data:` line, a blank line to end the event.
 */

/** Any of CRLF, CR or LF ends a line in an event stream, so each of them starts a new `data:` line. */
const LINE_BREAK = /\r\n|\r|\n/;

/** The heartbeat: a comment line the browser ignores, which keeps proxies from timing out. */
export const HEARTBEAT_FRAME = ': ping\n\n';

/** Encodes a non-string item. JSON of a value never holds a raw line break, so it is one `data:` line. */
export type ItemEncoder = (item: unknown) => string;

export const encodeJson: ItemEncoder = (item) => JSON.stringify(item) ?? '';

/**
 * The frame for one item: strings as they are (split into `data:` lines), anything else
 * through `encode`. Returns undefined for `undefined` items, which send nothing.
 */
export function formatEvent(item: unknown, encode: ItemEncoder = encodeJson): string | undefined {
  if (item === undefined) return undefined;
  const text = typeof item === 'string' ? item : encode(item);
  let frame = '';
  for (const line of text.split(LINE_BREAK)) frame += `data: ${line}\n`;
  return `${frame}\n`;
}
