/**
 * `SseEvent` and `sseEvent()`: an `@SSE` item with an event name, an id or a reconnection delay
 * beside its data (docs/streams.md, "Event names, ids and retry"). The fields are checked when the
 * event is made, so a bad one throws at the line that made it: inside the handler's generator,
 * that ends the stream (logged) and runs the generator's `finally`.
 */

/** The fields an event may carry besides its data (WHATWG HTML, "Server-sent events"). */
export interface SseEventOptions<E extends string = string> {
  /** `event: <name>`: a browser dispatches the event under this name (without one, as `message`). */
  event?: E;
  /** `id: <id>`: a browser keeps it as `lastEventId` and sends it back as `Last-Event-ID` on reconnecting. */
  id?: string;
  /** `retry: <ms>`: how long a browser waits before reconnecting, a non-negative integer. */
  retry?: number;
}

/**
 * The options of an event whose name is not given: none, or options without `event`, and only
 * while `E` is `string`, so a named event (`E` a union of literals, `SseEvent<Price, 'price'>`)
 * always says its name and the name a client narrows on is on the wire.
 */
export type UnnamedEventArguments<E extends string> = string extends E
  ? [options?: SseEventOptions<never>]
  : [options: SseEventOptions<E> & { event: E }];

/** Any of these in a field value would end the field early: the rest would be read as other fields. */
const LINE_BREAK = /[\r\n]/;
const LINE_BREAK_OR_NUL = /[\r\n\0]/;

/**
 * One item of an `@SSE` handler with fields besides its data. `T` is the data, written as a plain
 * item's would be (a string as it is, anything else through the route's serializer); `E` names
 * the events, which the analyzer reads into the OpenAPI 3.2 document and the typed client.
 * Immutable: its fields were checked when it was made.
 */
export class SseEvent<T, const E extends string = string> {
  /** Makes the class nominal: a plain `{ data, options }` object is not an `SseEvent`. */
  declare private readonly nominal: never;
  readonly data: T;
  readonly options: Readonly<SseEventOptions<E>>;

  // `E` is inferred from the name given (`new SseEvent(p, { event: 'price' })` is `SseEvent<Price, 'price'>`).
  constructor(data: T, options: SseEventOptions<E> & { event: E });
  constructor(data: T, ...options: UnnamedEventArguments<E>);
  constructor(data: T, options?: SseEventOptions<E>) {
    this.data = data;
    this.options = Object.freeze(checkedOptions<E>(options ?? {}));
    Object.freeze(this);
  }
}

/** `new SseEvent(data, options)` as a function: `sseEvent(p, { event: 'price', id: '1' })`. */
export function sseEvent<T, const E extends string>(
  data: T,
  options: SseEventOptions<E> & { event: E },
): SseEvent<T, E>;
export function sseEvent<T, const E extends string = string>(
  data: T,
  ...options: UnnamedEventArguments<E>
): SseEvent<T, E>;
export function sseEvent<T, E extends string>(data: T, options?: SseEventOptions<E>): SseEvent<T, E> {
  return new SseEvent(data, (options ?? {}) as SseEventOptions<E> & { event: E });
}

/** A copy holding only the fields given; throws a TypeError for a value the wire cannot carry. */
function checkedOptions<E extends string>(options: SseEventOptions<E>): SseEventOptions<E> {
  const { event, id, retry } = options;
  const checked: SseEventOptions<E> = {};
  if (event !== undefined) {
    if (typeof event !== 'string' || LINE_BREAK.test(event))
      refuse('event name', 'a string without CR or LF', event);
    checked.event = event;
  }
  if (id !== undefined) {
    // A browser ignores an id holding NUL, and a line break would end it early.
    if (typeof id !== 'string' || LINE_BREAK_OR_NUL.test(id))
      refuse('id', 'a string without CR, LF or NUL', id);
    checked.id = id;
  }
  if (retry !== undefined) {
    // A browser takes `retry` only as ASCII digits.
    if (!Number.isSafeInteger(retry) || retry < 0)
      refuse('retry', 'a non-negative integer of milliseconds', retry);
    checked.retry = retry;
  }
  return checked;
}

function refuse(field: string, expected: string, value: unknown): never {
  const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
  throw new TypeError(`svc: an SSE event's ${field} must be ${expected}, got ${shown}`);
}
