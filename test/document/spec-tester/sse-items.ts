/**
 * An SSE answer read as OpenAPI 3.2 applies an `itemSchema` to it: each event as a browser parses
 * it, an object with `data` (the text of its `data:` lines joined with `\n`) and the `event`, `id`
 * and `retry` it sent. A block without data lines (a comment, a lone `retry:`) dispatches no event.
 */

export interface ParsedEvent {
  data: string;
  event?: string;
  id?: string;
  retry?: number;
}

export function parseEvents(body: string): ParsedEvent[] {
  const events: ParsedEvent[] = [];
  for (const block of body.split(/\r\n\r\n|\n\n|\r\r/)) {
    const data: string[] = [];
    const event: Omit<ParsedEvent, 'data'> = {};
    for (const line of block.split(/\r\n|\n|\r/)) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') data.push(value);
      else if (field === 'event') event.event = value;
      else if (field === 'id') event.id = value;
      else if (field === 'retry' && /^\d+$/.test(value)) event.retry = Number(value);
    }
    if (data.length > 0) events.push({ data: data.join('\n'), ...event });
  }
  return events;
}
