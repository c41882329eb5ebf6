/**
 * The part of every generated client: options, `ApiError`, and turning one argument object into
 * a request (path, query, header, cookie, body) the way the server parses it (docs/client.md).
 * Like every file of this folder it is source text that goes into `.svc/client.ts` as it is: it
 * imports nothing, uses only what both Node 20+ and browsers have, and only erasable TypeScript
 * (no parameter properties, no enums), so `erasableSyntaxOnly` and Node's type stripping accept it.
 */
export const CORE_SOURCE = String.raw`
export interface ClientOptions {
  /** The app's URL with its prefix: 'http://localhost:8080/api'. */
  baseUrl: string;
  /** Sent with every request (and on WebSocket upgrades outside browsers). */
  headers?: Record<string, string>;
  /** Default: the global fetch. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Default: the global WebSocket (browsers, Node 22+); on Node 20 pass the ws package's class. */
  WebSocket?: WebSocketClass;
}

/** Per call: more headers (over the client's) and a signal that cancels the call. */
export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Downloads only: resolve with the answer's body as a stream, read as it arrives, instead of a Blob. */
  stream?: boolean;
}

/** What svc's problem+json answers hold (RFC 9457); a route's documented errors say more. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  [key: string]: unknown;
}

/** A non-2xx answer: its status, headers, parsed body, and the body again as 'problem' when it is problem+json. */
export class ApiError extends Error {
  /** The operation that failed, as it is called: 'books.get'. */
  readonly operation: string;
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  readonly problem: Problem | undefined;

  constructor(operation: string, status: number, headers: Headers, body: unknown, problem: Problem | undefined) {
    super(operation + ': ' + status + (problem?.title ? ' ' + problem.title : '') + describeBody(problem?.detail ?? body));
    this.name = 'ApiError';
    this.operation = operation;
    this.status = status;
    this.headers = headers;
    this.body = body;
    this.problem = problem;
  }

  /** True when this error comes from that operation with a status it documents; narrows status, body and problem. */
  is<K extends keyof OperationErrors>(operation: K): this is ApiError & OperationErrors[K] {
    return this.operation === operation && (DOCUMENTED_ERRORS[operation] as readonly number[]).includes(this.status);
  }
}

function describeBody(body: unknown): string {
  return typeof body === 'string' && body !== '' ? ': ' + body : '';
}

type Source = 'path' | 'query' | 'queryObject' | 'header' | 'cookie' | 'body';
/** One argument: its name in the argument object, where it goes, and its name (or body key path) there. */
type ArgSpec = readonly [name: string, source: Source, key: string | readonly string[]];

interface OperationSpec {
  id: string;
  method: string;
  /** Relative to baseUrl, with ':name' segments. */
  path: string;
  args: readonly ArgSpec[];
  answer?: 'json' | 'text' | 'bytes' | 'blob' | 'void' | 'raw';
  /** A body that is not JSON: multipart (FormData), a urlencoded form, or raw bytes sent as given. */
  body?: 'multipart' | 'form' | 'raw';
  /** How one SSE event or WebSocket message is read: as text, as JSON, or JSON unless it is a string. */
  items?: ItemReading;
  /** An SSE route of SseEvents: yields { data, event, id }, the data read by its event's name (else by 'items'). */
  events?: readonly (readonly [name: string, reading: ItemReading])[];
  /** The security schemes its guards check, each where its credential goes (docs/client.md, "Credentials"). */
  credentials?: readonly CredentialSpec[];
}

/** A scheme's name, where its credential goes, and the auth scheme written before it ('' for an API key, 'Basic', 'Bearer'). */
type CredentialSpec = readonly [name: string, place: 'header' | 'query' | 'cookie', key: string, scheme: string];

/** A credential given per call: a token or key, or a user and password for Basic. */
type CallCredential = string | { username: string; password: string };

/** What the runtime reads of a call: its options and the credentials its operation's type allows. */
type CallWithCredentials = CallOptions & { credentials?: Record<string, CallCredential | undefined> };

type ItemReading = 'text' | 'json' | 'mixed';

type Args = Record<string, unknown> | undefined;

/** A value as path, query, header and cookie text: Dates as ISO strings, everything else as String() gives it. */
function text(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Arrays repeat their key; undefined sends nothing. */
function eachText(value: unknown, add: (text: string) => void): void {
  if (value === undefined) return;
  if (Array.isArray(value)) for (const item of value) add(text(item));
  else add(text(value));
}

function fillSegment(path: string, key: string, value: unknown): string {
  return path.split('/').map((segment) => (segment === ':' + key ? encodeURIComponent(text(value)) : segment)).join('/');
}

function setBodyAt(body: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let parent = body;
  path.forEach((segment, depth) => {
    if (depth === path.length - 1) parent[segment] = value;
    else parent = (parent[segment] ??= {}) as Record<string, unknown>;
  });
}

/** The body as its route reads it; fetch sets a FormData's multipart content type with its boundary. */
function setBody(init: Prepared['init'], sending: OperationSpec['body'], body: unknown): void {
  if (sending === 'multipart') init.body = formData(body as Record<string, unknown>);
  else if (sending === 'form') init.body = formPairs(body as Record<string, unknown>);
  else if (sending === 'raw') {
    init.body = body as BodyInit;
    if (!init.headers.has('content-type')) init.headers.set('content-type', 'application/octet-stream');
    // A stream body needs half-duplex in Node's fetch.
    if (body instanceof ReadableStream) Object.assign(init, { duplex: 'half' });
  } else {
    init.headers.set('content-type', 'application/json');
    init.body = JSON.stringify(body);
  }
}

/** Files as file parts, objects as JSON parts, arrays as repeated names, the rest as text. */
function formData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  const add = (name: string, value: unknown): void => {
    if (value === undefined) return;
    if (value instanceof Blob) form.append(name, value);
    else if (value !== null && typeof value === 'object' && !(value instanceof Date))
      form.append(name, new Blob([JSON.stringify(value)], { type: 'application/json' }));
    else form.append(name, text(value));
  };
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const item of value) add(name, item);
    else add(name, value);
  }
  return form;
}

function formPairs(body: Record<string, unknown>): URLSearchParams {
  const pairs = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) eachText(value, (item) => pairs.append(name, item));
  return pairs;
}

interface Prepared {
  url: string;
  init: RequestInit & { headers: Headers };
}

function prepare(options: ClientOptions, spec: OperationSpec, args: Args, call: CallWithCredentials | undefined): Prepared {
  const headers = new Headers(options.headers);
  for (const [name, value] of Object.entries(call?.headers ?? {})) headers.set(name, value);
  const query: string[] = [];
  const cookies: string[] = [];
  let path = spec.path;
  let body: unknown;
  const addQuery = (key: string, value: unknown) =>
    eachText(value, (item) => query.push(encodeURIComponent(key) + '=' + encodeURIComponent(item)));
  for (const [name, source, key] of spec.args) {
    const value = args?.[name];
    if (value === undefined) continue;
    if (source === 'path') path = fillSegment(path, key as string, value);
    else if (source === 'query') addQuery(key as string, value);
    else if (source === 'queryObject') for (const [k, v] of Object.entries(value as object)) addQuery(k, v);
    else if (source === 'header') eachText(value, (item) => headers.append(key as string, item));
    else if (source === 'cookie') cookies.push(key + '=' + encodeURIComponent(text(value)));
    else if ((key as readonly string[]).length === 0) body = value;
    else setBodyAt((body ??= {}) as Record<string, unknown>, key as readonly string[], value);
  }
  // A call's own credential goes over the client's headers, where its scheme says.
  for (const [name, place, key, scheme] of spec.credentials ?? []) {
    const value = call?.credentials?.[name];
    if (value === undefined) continue;
    const written = credentialText(scheme, value);
    if (place === 'header') headers.set(key, written);
    else if (place === 'query') addQuery(key, written);
    else cookies.push(key + '=' + encodeURIComponent(written));
  }
  if (cookies.length > 0) headers.set('cookie', [headers.get('cookie'), ...cookies].filter(Boolean).join('; '));
  const init: Prepared['init'] = { method: spec.method, headers };
  if (body !== undefined) setBody(init, spec.body, body);
  if (call?.signal) init.signal = call.signal;
  const search = query.length > 0 ? '?' + query.join('&') : '';
  return { url: options.baseUrl.replace(/\/+$/, '') + path + search, init };
}

/** 'Bearer <token>', 'Basic <base64 of user:password>' (UTF-8), or an API key as given. */
function credentialText(scheme: string, value: CallCredential): string {
  if (typeof value !== 'string') {
    let binary = '';
    for (const byte of new TextEncoder().encode(value.username + ':' + value.password)) binary += String.fromCharCode(byte);
    return 'Basic ' + btoa(binary);
  }
  return scheme === '' ? value : scheme + ' ' + value;
}

async function parseBody(response: Response): Promise<unknown> {
  const body = await response.text();
  if (!/[/+]json\b/.test(response.headers.get('content-type') ?? '')) return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

async function errorOf(spec: OperationSpec, response: Response): Promise<ApiError> {
  const body = await parseBody(response);
  const isProblem = (response.headers.get('content-type') ?? '').startsWith('application/problem+json');
  return new ApiError(spec.id, response.status, response.headers, body, isProblem ? (body as Problem) : undefined);
}

/** What the client needs of a WebSocket object. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'message' | 'close' | 'error', listener: (event: any) => void): void;
}

export type WebSocketClass = new (url: string, options?: any) => WebSocketLike;
`;
