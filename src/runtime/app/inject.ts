/**
 * `app.inject`: one request served in-process with no socket. A minimal request (a Readable
 * with method, url and headers) and response (a Writable with the header API) go through the
 * very same request handler as the server's, so the two cannot diverge.
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable, Writable } from 'node:stream';
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

class InjectedResponse extends Writable {
  statusCode = 200;
  headersSent = false;
  private readonly headerMap: OutgoingHttpHeaders = {};
  private readonly chunks: Buffer[] = [];

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
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    callback();
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

export async function inject(handler: RequestHandler, request: InjectRequest): Promise<InjectResponse> {
  const headers = lowerCaseHeaders(request.headers);
  const payload = encodeBody(request, headers);
  if (payload !== undefined) headers['content-length'] ??= String(payload.length);
  const req = new InjectedRequest(request.method.toUpperCase(), request.url, headers, payload);
  const res = new InjectedResponse();
  const finished = new Promise<void>((resolve) => res.once('close', resolve));
  await handler(req as unknown as IncomingMessage, res as unknown as ServerResponse);
  await finished;
  return res.result();
}
