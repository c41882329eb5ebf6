/** The public shape of a running app, shared by `createApp`, the CLI and `svcjs/testing`. */
import type { Server } from 'node:http';
import type { Server as TlsServer } from 'node:tls';
import type { AppModel } from '../model/app-model.js';
import type {
  CorsOptions,
  RuntimeTlsOptions,
  StaticAppOptions,
  StaticLogOption,
  WebSocketOptions,
} from '../model/app-options.js';
import type { Override } from './di/container.js';

/** `log` in `createApp`: the static forms, or a function that receives each line. */
export type LogOption = StaticLogOption | ((line: string) => void);

/**
 * The app options (`dev`, `bodyLimit`, `unknownProperties`, `sseHeartbeatMs`, `webSocket`, `log`)
 * come from the one option table; each given here wins over `@App` and `svc.config.json`.
 * `operationIds` is not among them: it names what the analysis writes, not how the app runs.
 */
export interface CreateAppOptions extends Omit<StaticAppOptions, 'log' | 'cors' | 'operationIds' | 'tls'> {
  /** CORS; the origin may be a function here (and in `@App`). */
  cors?: CorsOptions | false;
  /** HTTPS and HTTP/2; the key and certificate may also be PEM text or bytes here. */
  tls?: RuntimeTlsOptions | false;
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
  /** Where log lines go: `false` drops them, `'stderr'` (the default) or a function. */
  log?: LogOption;
  /**
   * Replacements for providers, controllers and lifecycle component classes, for this app only
   * (`createTestApp` passes its `overrides` here): `provide` is the class, by identity.
   */
  overrides?: readonly Override[];
}

export type { CorsOptions, WebSocketOptions };

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

/** What `close()` did to a listening server (undefined when it was not listening). */
export interface ShutdownReport {
  /** Requests in flight when the shutdown began that were answered (SSE streams included). */
  finished: number;
  /** Requests still in flight after `shutdownGraceMs`, whose connections were closed. */
  cut: number;
  /** SSE streams ended. */
  sseStreams: number;
  /** WebSockets closed with 1001 Going Away. */
  webSockets: number;
  ms: number;
}

export interface ListenOptions {
  host?: string;
  port?: number;
}

export interface SvcApp {
  readonly model: AppModel;
  /** The route table, for printing. */
  readonly routes: readonly RouteInfo[];
  /**
   * The node:http server (created lazily by listen); with the `tls` option Node's HTTP/2 server
   * (or its HTTPS server, with `http2: false`).
   */
  readonly server: Server | TlsServer | undefined;
  /** Starts listening; resolves with the bound address. Host/port default to the model's, then HOST/PORT. */
  listen(options?: ListenOptions): Promise<{ host: string; port: number; url: string }>;
  /**
   * Stops accepting connections and resolves once in-flight requests have finished. Open SSE
   * streams are ended (their iterators closed) and WebSockets closed with 1001 Going Away, so
   * streams do not hold the shutdown (a WebSocket peer that never answers the close frame is
   * dropped after ws's 30 s close timeout). Then awaits every `onShutdown()` hook, last-built
   * first, once (also for an app that never listened, as a test app served by `inject`).
   */
  close(): Promise<ShutdownReport | undefined>;
  /**
   * Serves one request in-process, with no socket, and resolves once the response has ended.
   * For an endless SSE stream pass `maxEvents`: inject resolves with the first events and
   * closes the stream as a disconnecting client would.
   */
  inject(request: InjectRequest): Promise<InjectResponse>;
}
