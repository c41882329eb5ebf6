/**
 * What a browser's EventSource makes of an event stream, for tests: Node has no EventSource, so
 * this follows the WHATWG HTML parsing rules ("Interpreting an event stream") on the whole text.
 */

/** A dispatched event as EventSource hands it to a listener of `type`. */
export interface BrowserEvent {
  type: string;
  data: string;
  lastEventId: string;
}

export interface BrowserView {
  events: BrowserEvent[];
  /** The reconnection time the stream set, in ms (undefined: never set). */
  retry: number | undefined;
}

/**
 * WHATWG HTML, "Interpreting an event stream": lines end at CRLF, LF or CR; `data` appends to the
 * data buffer, `event` sets the type, `id` the last event ID (unless it holds NUL), `retry` the
 * reconnection time (digits only); a blank line dispatches, unless no data came; an unfinished
 * event at the end is dropped.
 */
export function asBrowserSees(stream: string): BrowserView {
  const view: BrowserView = { events: [], retry: undefined };
  let data = '';
  let type = '';
  let lastEventId = '';
  for (const line of stream
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .slice(0, -1)) {
    if (line === '') {
      if (data !== '') view.events.push({ type: type || 'message', data: data.slice(0, -1), lastEventId });
      data = '';
      type = '';
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data += `${value}\n`;
    else if (field === 'event') type = value;
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    else if (field === 'retry' && /^[0-9]+$/.test(value)) view.retry = Number(value);
  }
  return view;
}

/**
 * The events as OpenAPI 3.2 items: each dispatched event as the object its fields make (`data`
 * joined, `event`, `id` and `retry` when that event sent them), which is what an SSE answer's
 * `itemSchema` applies to ("Special Considerations for Server-Sent Events").
 */
export function asOpenApiItems(stream: string): Record<string, string | number>[] {
  const items: Record<string, string | number>[] = [];
  let fields: Record<string, string | number> = {};
  for (const line of stream.split(/\r\n|\r|\n/).slice(0, -1)) {
    if (line === '') {
      if (typeof fields.data === 'string') items.push({ ...fields, data: fields.data.slice(0, -1) });
      fields = {};
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') fields.data = `${fields.data ?? ''}${value}\n`;
    else if (field === 'event' || field === 'id') fields[field] = value;
    else if (field === 'retry' && /^[0-9]+$/.test(value)) fields.retry = Number(value);
  }
  return items;
}
