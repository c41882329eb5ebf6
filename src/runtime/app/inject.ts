/**
 * `app.inject`: one request served in-process with no socket. A minimal request (a Readable
 * with method, url and headers) and response (a Writable with the header API) go through the
 * very same request handler as the server's, so the two cannot diverge.
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { InjectRequest, InjectResponse } from '../app-types.js';
import type { RequestHandler } from './request-handler.js';

class InjectedRequest extends Readable {
  readonly httpVersion = '1.1';
  readonly rawHeaders: string[] = [];
  readonly socket = null;

  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: IncomingHttpHeaders,
    private payload: Buffer | undefined,
  ) {
    super();
  }

  override _read(): void {
    if (this.payload !== undefined && this.payload.length > 0) this.push(this.payload);
    this.payload = undefined;
    this.push(null);
  }
}

type HeaderValue = string | number | readonly string[];

/** Counts complete server-sent events (blocks ended by a blank line that hold more than comments). */
class EventCounter {
  private pending = '';
  private count = 0;
  private readonly decoder = new StringDecoder('utf8');

  constructor(private readonly max: number) {}

  /** The decoded text of `chunk` up to the end of event number `max`; `done` once it is reached. */
  feed(chunk: Buffer): { text: string; done: boolean } {
    const text = this.decoder.write(chunk);
    const all = this.pending + text;
    let start = 0;
    for (let end = all.indexOf('\n\n'); end !== -1; end = all.indexOf('\n\n', start)) {
      const block = all.slice(start, end);
      start = end + 2;
      if (block.split('\n').some((line) => line !== '' && !line.startsWith(':'))) this.count++;
      if (this.count >= this.max) return { text: text.slice(0, start - this.pending.length), done: true };
    }
    this.pending = all.slice(start);
    return { text, done: false };
  }
}

class InjectedResponse extends Writable {
  statusCode = 200;
  headersSent = false;
  private readonly headerMap: OutgoingHttpHeaders = {};
  private readonly chunks: Buffer[] = [];
  private events: EventCounter | undefined;

  /** `req` as on a real ServerResponse (the SSE writer reads its method); `maxEvents` cuts an SSE stream. */
  constructor(
    readonly req: InjectedRequest,
    private readonly maxEvents: number | undefined,
  ) {
    super();
  }

  setHeader(name: string, value: HeaderValue): this {
    this.headerMap[name.toLowerCase()] = value as OutgoingHttpHeaders[string];
    return this;
  }
  getHeader(name: string): OutgoingHttpHeaders[string] {
    return this.headerMap[name.toLowerCase()];
  }
  getHeaders(): OutgoingHttpHeaders {
    return { ...this.headerMap };
  }
  hasHeader(name: string): boolean {
    return this.headerMap[name.toLowerCase()] !== undefined;
  }
  removeHeader(name: string): void {
    delete this.headerMap[name.toLowerCase()];
  }
  writeHead(status: number, headers?: OutgoingHttpHeaders): this {
    this.statusCode = status;
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (value !== undefined) this.setHeader(name, value);
    }
    this.headersSent = true;
    return this;
  }
  flushHeaders(): void {
    this.headersSent = true;
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.headersSent = true;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.events ??= this.isEventStream() ? new EventCounter(this.maxEvents as number) : undefined;
    if (this.events === undefined) {
      this.chunks.push(bytes);
      callback();
      return;
    }
    const { text, done } = this.events.feed(bytes);
    this.chunks.push(Buffer.from(text));
    callback();
    // Enough events: leave as a client would, so the stream's producer is stopped (its finally runs).
    if (done) this.destroy();
  }

  private isEventStream(): boolean {
    if (this.maxEvents === undefined) return false;
    return String(this.headerMap['content-type'] ?? '').startsWith('text/event-stream');
  }

  result(): InjectResponse {
    const headers: Record<string, string | string[] | undefined> = {};
    for (const [name, value] of Object.entries(this.headerMap)) {
      headers[name] = Array.isArray(value)
        ? value.map(String)
        : value === undefined
          ? undefined
          : String(value);
    }
    const text = Buffer.concat(this.chunks).toString('utf8');
    return { status: this.statusCode, headers, text, json: <T>() => JSON.parse(text) as T };
  }
}

function encodeBody(request: InjectRequest, headers: IncomingHttpHeaders): Buffer | undefined {
  const body = request.body;
  if (body === undefined) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return Buffer.from(body);
  headers['content-type'] ??= 'application/json';
  return Buffer.from(JSON.stringify(body));
}

function lowerCaseHeaders(given: InjectRequest['headers']): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(given ?? {})) {
    const key = name.toLowerCase();
    headers[key] = Array.isArray(value) && key !== 'set-cookie' ? value.join(', ') : value;
  }
  return headers;
}

/**
 * Serves `request` in-process and resolves with the whole response once it has ended. An SSE
 * response ends when its iterable does; for an endless stream pass `maxEvents`: inject then
 * resolves with the first `maxEvents` events (comments such as the heartbeat do not count) and
 * disconnects as a client would, so the handler's iterator is closed and its `finally` runs.
 */
export async function inject(handler: RequestHandler, request: InjectRequest): Promise<InjectResponse> {
  const maxEvents = request.maxEvents;
  if (maxEvents !== undefined && !(Number.isInteger(maxEvents) && maxEvents > 0)) {
    throw new RangeError(`svc: inject maxEvents must be a positive integer, got ${maxEvents}`);
  }
  const headers = lowerCaseHeaders(request.headers);
  const payload = encodeBody(request, headers);
  if (payload !== undefined) headers['content-length'] ??= String(payload.length);
  const req = new InjectedRequest(request.method.toUpperCase(), request.url, headers, payload);
  const res = new InjectedResponse(req, maxEvents);
  const finished = new Promise<void>((resolve) => res.once('close', resolve));
  await handler(req as unknown as IncomingMessage, res as unknown as ServerResponse);
  await finished;
  return res.result();
}
