/** The public shape of a running app, shared by `createApp`, the CLI and `svcjs/testing`. */
import type { Server } from 'node:http';
import type { AppModel } from '../model/app-model.js';

export interface CreateAppOptions {
  /** The app model, or the path of its JSON file. Default: `<root>/.svc/app-model.json`. */
  model?: AppModel | string;
  /** Directory the model's module paths are relative to. Default: the root (or the model file's directory). */
  baseDir?: string;
  /** Project root. Default: `process.cwd()`. */
  root?: string;
  /**
   * Modules already imported, keyed by the model's module path; the rest are imported from
   * `baseDir`. Lets tests and bundlers hand the classes over directly.
   */
  modules?: Record<string, Record<string, unknown>>;
  /** Dev mode: stack traces in 500 bodies, response-schema warnings. Default: `NODE_ENV === 'development'`. */
  dev?: boolean;
  /** Maximum JSON body size in bytes. Default: `@App({bodyLimit})` or 1 MiB. */
  bodyLimit?: number;
  /** What to do with body properties the type does not declare. Default `keep`. */
  unknownProperties?: 'keep' | 'strip' | 'reject';
  /** Interval of the SSE comment heartbeat, in ms. Default 15000. */
  sseHeartbeatMs?: number;
  /** WebSocket connections. */
  webSocket?: WebSocketOptions;
  /** Where log lines go. Default: console.error. */
  log?: (line: string) => void;
}

export interface WebSocketOptions {
  /** Largest incoming message in bytes; a bigger one closes the connection with 1009. Default 1 MiB. */
  maxPayload?: number;
  /** Keepalive ping interval in ms; a peer that missed the previous ping is dropped. Default 30000; 0 turns it off. */
  pingIntervalMs?: number;
}

export interface InjectRequest {
  method: string;
  /** Path with query string, including the prefix: `/api/books?limit=2`. */
  url: string;
  headers?: Record<string, string | string[]>;
  /** A string or Buffer is sent as is; anything else as JSON (with content-type set when absent). */
  body?: unknown;
  /**
   * For an SSE route: resolve after this many events (comments such as `: ping` do not count),
   * then disconnect as a client would, so the handler's iterator is closed and its `finally`
   * runs. Without it inject resolves when the stream ends, which for an endless stream is never.
   * A positive integer; ignored for responses that are not `text/event-stream`.
   */
  maxEvents?: number;
}

export interface InjectResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json<T = unknown>(): T;
}

export interface RouteInfo {
  method: string;
  path: string;
  kind: 'http' | 'sse' | 'websocket';
  handler: string;
}

export interface ListenOptions {
  host?: string;
  port?: number;
}

export interface SvcApp {
  readonly model: AppModel;
  /** The route table, for printing. */
  readonly routes: readonly RouteInfo[];
  /** The node:http server (created lazily by listen). */
  readonly server: Server | undefined;
  /** Starts listening; resolves with the bound address. Host/port default to the model's, then HOST/PORT. */
  listen(options?: ListenOptions): Promise<{ host: string; port: number; url: string }>;
  /**
   * Stops accepting connections and resolves once in-flight requests have finished. Open SSE
   * streams are ended (their iterators closed) and WebSockets closed with 1001 Going Away, so
   * streams do not hold the shutdown (a WebSocket peer that never answers the close frame is
   * dropped after ws's 30 s close timeout).
   */
  close(): Promise<void>;
  /**
   * Serves one request in-process, with no socket, and resolves once the response has ended.
   * For an endless SSE stream pass `maxEvents`: inject resolves with the first events and
   * closes the stream as a disconnecting client would.
   */
  inject(request: InjectRequest): Promise<InjectResponse>;
}
