/**
 * The one table of app options. `createApp`, `@App({...})` and `svc.config.json` (`{"app": {...}}`)
 * accept the same options; the analyzer checks the static ones against this table and records
 * them in the app model, and `createApp` checks its argument and fills the gaps from it.
 *
 * Adding an option is one entry here (plus reading it where it takes effect): its static form,
 * what a valid value is, and its default.
 */
import { isIP } from 'node:net';
import { DEFAULT_OPERATION_ID_RULE, isOperationIdRule, type OperationIdRule } from './operation-ids.js';

/** `false`: no log lines; `'stderr'`: one line per event on standard error (the default). */
export type StaticLogOption = false | 'stderr';

export type UnknownPropertiesPolicy = 'keep' | 'strip' | 'reject';

export interface WebSocketOptions {
  /** Largest incoming message in bytes; a bigger one closes the connection with 1009. Default 1 MiB. */
  maxPayload?: number;
  /** Keepalive ping interval in ms; a peer that missed the previous ping is dropped. Default 30000; 0 turns it off. */
  pingIntervalMs?: number;
}

/** Publish/subscribe (`PubSub`): where messages travel and how far a subscriber may fall behind. */
export interface PubSubOptions {
  /** A Redis server (`redis://` or `rediss://` URL) that carries messages between processes and machines. */
  redis?: string;
  /** Messages one subscriber may have waiting; one more ends it with SVC_ERR_PUBSUB_BEHIND. Default 1000. */
  maxQueue?: number;
  /** How long a publish waits for Redis's answer before it fails with SVC_ERR_PUBSUB_UNAVAILABLE, in ms. Default 2000. */
  commandTimeoutMs?: number;
  /** What each topic keeps for streams that resume after a reconnect (`Last-Event-ID`); `false` keeps nothing. */
  retention?: RetentionOptions | false;
  /** Retention by topic: keys are a topic or a prefix ending in `*` (`'room:*'`); the longest match wins. */
  topics?: Record<string, TopicOptions>;
  /** Without Redis: the most bytes (JSON text) the retained events of one process take, all topics together. */
  retainedBytes?: number;
}

/** How much of a topic's history PubSub keeps (docs/scaling-out.md, "Retention"). */
export interface RetentionOptions {
  /** The most events kept per topic (with Redis at least this many: it trims whole blocks). Default 1000. */
  events?: number;
  /** Events older than this are dropped, in ms. Default 300000 (5 minutes). */
  maxAgeMs?: number;
}

/** The settings of the topics a `pubsub.topics` key matches. */
export interface TopicOptions {
  retention: RetentionOptions | false;
}

/** Liveness and readiness endpoints for load balancers and orchestrators (docs/production.md, "Health"). */
export interface HealthOptions {
  /** The liveness path, outside the app's prefix. Default `'/health/live'`. */
  live?: string;
  /** The readiness path, outside the app's prefix. Default `'/health/ready'`. */
  ready?: string;
  /** Show both endpoints in the OpenAPI documents (read at build time). Default false. */
  document?: boolean;
  /** How long each readiness check may take before it counts as not ready, in ms. Default 2000. */
  checkTimeoutMs?: number;
}

/**
 * HTTPS on the app's port (docs/production.md, "TLS and HTTP/2"). Statically the key and the
 * certificate are file paths (relative to the project root): the model never carries a key.
 */
export interface TlsOptions {
  /** The PEM private key file. `SVC_TLS_KEY` stands for it between createApp and `@App`. */
  key?: string;
  /** The PEM certificate (chain) file. `SVC_TLS_CERT` stands for it between createApp and `@App`. */
  cert?: string;
  /** HTTP/2 beside HTTP/1.1, chosen per connection by ALPN. Default true. */
  http2?: boolean;
}

/** `tls` as `createApp` takes it: a key or certificate may also be the PEM text, or its bytes. */
export interface RuntimeTlsOptions extends Omit<TlsOptions, 'key' | 'cert'> {
  key?: string | Uint8Array;
  cert?: string | Uint8Array;
}

/** Limits of `multipart/form-data` bodies (docs/configuration.md, "Uploads"); sizes in bytes. */
export interface UploadOptions {
  /** The largest file (a field's `@maxSize` may lower it). Default 10 MiB. */
  fileSize?: number;
  /** The most file parts. Default 10. */
  files?: number;
  /** The most text parts. Default 100. */
  fields?: number;
  /** The largest text part. Default 64 KiB. */
  fieldSize?: number;
  /** The whole body, every part together. Default 50 MiB. */
  totalSize?: number;
  /** A file up to this size stays in memory; a larger one goes to a temporary file. Default 256 KiB. */
  memoryThreshold?: number;
  /** Where temporary files go. Default: the system's (`os.tmpdir()`). */
  tempDir?: string;
}

/** Where `@RateLimit` counters are kept (docs/production.md, "Rate limits"). */
export interface RateLimitStoreOptions {
  /**
   * A Redis server (`redis://` or `rediss://` URL) whose counters every process shares; `false`
   * keeps them in this process even when PubSub has a Redis. Default: PubSub's Redis, if any.
   */
  redis?: string | false;
  /** How long a request waits for Redis's count before it is served unlimited, in ms. Default 1000. */
  commandTimeoutMs?: number;
}

/**
 * Whose `X-Forwarded-For` is believed for the client address: nobody (`false`), every proxy
 * (`true`: the leftmost address), this many proxy hops in front of svc, or the proxies at these
 * addresses or CIDR ranges.
 */
export type TrustProxyOption = boolean | number | readonly string[];

/** The options that can be written statically: in `@App({...})`, `svc.config.json` and the model. */
export interface StaticAppOptions {
  /** Dev mode: stack traces in 500 bodies, response-schema warnings. */
  dev?: boolean;
  /** Maximum JSON body size in bytes. */
  bodyLimit?: number;
  /**
   * How long the client may send nothing of a body svc is waiting for (before its first byte and
   * between two chunks), in ms; past it, 408. `0` or `false`: no limit of svc's own.
   */
  bodyTimeoutMs?: number | false;
  /** What to do with body properties the type does not declare. */
  unknownProperties?: UnknownPropertiesPolicy;
  /** Interval of the SSE comment heartbeat, in ms. */
  sseHeartbeatMs?: number;
  /** WebSocket connections (given as a whole: a later source replaces it, it is not merged). */
  webSocket?: WebSocketOptions;
  /** PubSub transport and queue bound (merged key by key; `SVC_REDIS_URL` stands between createApp and `@App`). */
  pubsub?: PubSubOptions;
  /** Where log lines go; a function is accepted by `createApp` only. */
  log?: StaticLogOption;
  /** The path of the interactive API reference (`'/docs'`), or false. Default: `'/docs'` in dev mode. */
  docs?: string | false;
  /** One log line per request (to the `log` sink); `false` keeps svc's other lines only. */
  requestLog?: boolean;
  /** CORS; off unless given. A function `origin` comes from `@App` or `createApp` only. */
  cors?: StaticCorsOptions | false;
  /** gzip/brotli for JSON and text answers of 1 KiB or more; `false` turns it off. */
  compression?: boolean;
  /** Limits of multipart bodies (merged key by key with the defaults). */
  uploads?: UploadOptions;
  /** How long a graceful shutdown waits for in-flight requests before closing their connections, in ms. */
  shutdownGraceMs?: number;
  /** Liveness and readiness endpoints (given as a whole); `false` turns both off. */
  health?: HealthOptions | false;
  /** HTTPS (and HTTP/2) with this key and certificate, merged key by key; `false` serves plain HTTP. */
  tls?: TlsOptions | false;
  /** How the analyzer names operations that have no `@ApiOperationId` (not a `createApp` option). */
  operationIds?: OperationIdRule;
  /** OpenTelemetry spans and metrics of each request, when the app has `@opentelemetry/api`; `false` turns them off. */
  telemetry?: boolean;
  /** Where `@RateLimit` counters are kept: in memory, or a Redis every process shares. */
  rateLimit?: RateLimitStoreOptions;
  /** Which proxies' `X-Forwarded-For` gives the client address (rate limits key on it). Default false. */
  trustProxy?: TrustProxyOption;
}

/** `cors` as `createApp` and `@App` take it: the origin may also be a function. */
export interface CorsOptions extends Omit<StaticCorsOptions, 'origin'> {
  origin: StaticCorsOptions['origin'] | ((origin: string) => boolean);
}

/** CORS as written statically: `origin` is a list of exact origins or `'*'` (any origin). */
export interface StaticCorsOptions {
  origin: readonly string[] | '*';
  /** `Access-Control-Allow-Credentials: true` (not with `origin: '*'`). */
  credentials?: boolean;
  /** Preflight `Access-Control-Allow-Headers`; default: the headers the preflight asks for. */
  allowHeaders?: readonly string[];
  /** `Access-Control-Expose-Headers` on answers. */
  exposeHeaders?: readonly string[];
  /** Preflight `Access-Control-Max-Age`, in seconds. */
  maxAge?: number;
}

export type AppOptionName = keyof StaticAppOptions;

export interface AppOptionDefinition {
  /** What a valid static value is, for error messages ("a positive integer"). */
  expected: string;
  isValidStatic(value: unknown): boolean;
  /** What `createApp` accepts beyond the static forms (a function for `log`). */
  runtimeOnly?: {
    expected: string;
    isValid(value: unknown): boolean;
    /**
     * `@App` may give it too: the analyzer leaves it out of the model and the runtime reads it
     * from the live decorator (a CORS origin function). Never from svc.config.json.
     */
    fromAppDecorator?: boolean;
  };
  /**
   * Read by the analyzer only: it shapes the model the analysis writes (the operation ids), so
   * `createApp`, which starts from a written model, refuses it rather than ignore it.
   */
  analysisOnly?: true;
  /** The default, or a note when it depends on the environment (documented in docs/configuration.md). */
  default: unknown;
}

const isPositiveInteger = (value: unknown): boolean => Number.isInteger(value) && (value as number) > 0;
const isNonNegativeInteger = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;
const WEB_SOCKET_KEYS: Record<keyof WebSocketOptions, (value: unknown) => boolean> = {
  maxPayload: isPositiveInteger,
  pingIntervalMs: isNonNegativeInteger,
};

/** A docs path: absolute, segments of URL-safe characters, no `.`/`..` segment, no trailing slash. */
const DOCS_PATH = /^(\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~-]+)+$/;

function isWebSocketOptions(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([key, field]) => {
    const check = WEB_SOCKET_KEYS[key as keyof WebSocketOptions] as ((v: unknown) => boolean) | undefined;
    return check !== undefined && (field === undefined || check(field));
  });
}

export const DEFAULT_PUBSUB_MAX_QUEUE = 1000;
export const DEFAULT_PUBSUB_COMMAND_TIMEOUT_MS = 2000;
/** Node's timers take at most 2^31 - 1 ms; a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
export const DEFAULT_PUBSUB_RETENTION: Required<RetentionOptions> = { events: 1000, maxAgeMs: 300_000 };
export const DEFAULT_PUBSUB_RETAINED_BYTES = 16 * 1024 * 1024;
const isPositiveSafeInteger = (value: unknown): boolean =>
  Number.isSafeInteger(value) && (value as number) > 0;
const RETENTION_KEYS: Record<keyof RetentionOptions, (value: unknown) => boolean> = {
  events: isPositiveSafeInteger,
  maxAgeMs: isPositiveSafeInteger,
};

function isRetention(value: unknown): boolean {
  if (value === false) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([key, field]) => {
    const check = RETENTION_KEYS[key as keyof RetentionOptions] as ((v: unknown) => boolean) | undefined;
    return check !== undefined && (field === undefined || check(field));
  });
}

/** A topic, or a prefix ending in `*`: a `*` anywhere else would read as a pattern it is not. */
const TOPIC_KEY = /^[^*]+\*?$|^\*$/;

function isTopicTable(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([key, topic]) => {
    if (!TOPIC_KEY.test(key) || typeof topic !== 'object' || topic === null) return false;
    const fields = Object.keys(topic);
    return fields.length === 1 && fields[0] === 'retention' && isRetention((topic as TopicOptions).retention);
  });
}

const PUBSUB_KEYS: Record<keyof PubSubOptions, (value: unknown) => boolean> = {
  redis: (value) => typeof value === 'string' && /^rediss?:\/\/./.test(value),
  maxQueue: isPositiveInteger,
  commandTimeoutMs: (value) => isPositiveInteger(value) && (value as number) <= MAX_TIMER_MS,
  retention: isRetention,
  topics: isTopicTable,
  retainedBytes: isPositiveSafeInteger,
};

function isPubSubOptions(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([key, field]) => {
    const check = PUBSUB_KEYS[key as keyof PubSubOptions] as ((v: unknown) => boolean) | undefined;
    return check !== undefined && (field === undefined || check(field));
  });
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Long enough for a slow mobile link's pauses; short beside Node's five-minute request timeout. */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;
export const DEFAULT_SSE_HEARTBEAT_MS = 15_000;
/** Undeclared body and query keys never reach a handler unless an app asks for them. */
export const DEFAULT_UNKNOWN_PROPERTIES: UnknownPropertiesPolicy = 'strip';

const isStringList = (value: unknown): boolean =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' && item !== '');
const CORS_KEYS: Record<keyof StaticCorsOptions, (value: unknown) => boolean> = {
  origin: (value) => value === '*' || isStringList(value),
  credentials: (value) => typeof value === 'boolean',
  allowHeaders: isStringList,
  exposeHeaders: isStringList,
  maxAge: isNonNegativeInteger,
};

/** `runtimeOrigin`: an `origin` function is allowed (createApp, or `@App` read at start-up). */
export function isCorsOptions(value: unknown, runtimeOrigin = false): boolean {
  if (value === false) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const cors = value as Record<string, unknown>;
  if (cors.origin === undefined) return false;
  // Browsers refuse a credentialed answer that allows any origin.
  if (cors.origin === '*' && cors.credentials === true) return false;
  return Object.entries(cors).every(([key, field]) => {
    if (key === 'origin' && runtimeOrigin && typeof field === 'function') return true;
    const check = CORS_KEYS[key as keyof StaticCorsOptions] as ((v: unknown) => boolean) | undefined;
    return check !== undefined && (field === undefined || check(field));
  });
}

export const DEFAULT_UPLOADS: Required<Omit<UploadOptions, 'tempDir'>> = {
  fileSize: 10 * 1024 * 1024,
  files: 10,
  fields: 100,
  fieldSize: 64 * 1024,
  totalSize: 50 * 1024 * 1024,
  memoryThreshold: 256 * 1024,
};
const UPLOAD_KEYS: Record<keyof UploadOptions, (value: unknown) => boolean> = {
  fileSize: isPositiveSafeInteger,
  files: isPositiveSafeInteger,
  fields: isPositiveSafeInteger,
  fieldSize: isPositiveSafeInteger,
  totalSize: isPositiveSafeInteger,
  memoryThreshold: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
  tempDir: (value) => typeof value === 'string' && value !== '',
};

function isUploadOptions(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([key, field]) => {
    const check = UPLOAD_KEYS[key as keyof UploadOptions] as ((v: unknown) => boolean) | undefined;
    return check !== undefined && (field === undefined || check(field));
  });
}

export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
export const DEFAULT_RATE_LIMIT_COMMAND_TIMEOUT_MS = 1000;
const RATE_LIMIT_KEYS: Record<keyof RateLimitStoreOptions, (value: unknown) => boolean> = {
  redis: (value) => value === false || (typeof value === 'string' && /^rediss?:\/\/./.test(value)),
  commandTimeoutMs: (value) => isPositiveInteger(value) && (value as number) <= MAX_TIMER_MS,
};

function isRateLimitStoreOptions(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([key, field]) => {
    const check = RATE_LIMIT_KEYS[key as keyof RateLimitStoreOptions] as
      ((v: unknown) => boolean) | undefined;
    return check !== undefined && (field === undefined || check(field));
  });
}

/** An IP address, or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
export function isAddressOrRange(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function isTrustProxy(value: unknown): boolean {
  if (typeof value === 'boolean' || isNonNegativeInteger(value)) return true;
  return Array.isArray(value) && value.length > 0 && value.every(isAddressOrRange);
}
/** On: an app without `@opentelemetry/api` pays nothing for it, and one with it wants its traces. */
export const DEFAULT_TELEMETRY = true;

export const DEFAULT_HEALTH_LIVE = '/health/live';
export const DEFAULT_HEALTH_READY = '/health/ready';
export const DEFAULT_HEALTH_CHECK_TIMEOUT_MS = 2000;
/** Node's timers take at most 2^31 - 1 ms; a longer delay fires at once. */
const MAX_HEALTH_CHECK_TIMEOUT_MS = 2 ** 31 - 1;
const HEALTH_KEYS: Record<keyof HealthOptions, (value: unknown) => boolean> = {
  live: (value) => typeof value === 'string' && DOCS_PATH.test(value),
  ready: (value) => typeof value === 'string' && DOCS_PATH.test(value),
  document: (value) => typeof value === 'boolean',
  checkTimeoutMs: (value) => isPositiveInteger(value) && (value as number) <= MAX_HEALTH_CHECK_TIMEOUT_MS,
};

/** `false`, or known keys with valid values; the two paths differ (one would hide the other). */
function isHealthOptions(value: unknown): boolean {
  if (value === false) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const health = value as HealthOptions;
  if ((health.live ?? DEFAULT_HEALTH_LIVE) === (health.ready ?? DEFAULT_HEALTH_READY)) return false;
  return Object.entries(health).every(([key, field]) => {
    const check = HEALTH_KEYS[key as keyof HealthOptions] as ((v: unknown) => boolean) | undefined;
    return check !== undefined && (field === undefined || check(field));
  });
}

/** A file path, never the PEM text itself (that would put the key in the app model). */
const isPemFilePath = (value: unknown): boolean =>
  typeof value === 'string' && value !== '' && !value.startsWith('-----BEGIN');
/** What createApp takes beyond a path: the PEM text, as a string or bytes. */
const isPem = (value: unknown): boolean =>
  value instanceof Uint8Array || (typeof value === 'string' && value.startsWith('-----BEGIN'));
const TLS_KEYS: Record<keyof TlsOptions, (value: unknown) => boolean> = {
  key: isPemFilePath,
  cert: isPemFilePath,
  http2: (value) => typeof value === 'boolean',
};

/** `false`, or known keys with valid values; `runtime` admits PEM text and bytes for key and cert. */
export function isTlsOptions(value: unknown, runtime = false): boolean {
  if (value === false) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([key, field]) => {
    const check = TLS_KEYS[key as keyof TlsOptions] as ((v: unknown) => boolean) | undefined;
    if (check === undefined) return false;
    return field === undefined || check(field) || (runtime && key !== 'http2' && isPem(field));
  });
}

export const APP_OPTIONS: Record<AppOptionName, AppOptionDefinition> = {
  dev: {
    expected: 'true or false',
    isValidStatic: (value) => typeof value === 'boolean',
    default: "NODE_ENV === 'development'",
  },
  bodyLimit: {
    expected: 'a positive integer',
    isValidStatic: isPositiveInteger,
    default: DEFAULT_BODY_LIMIT,
  },
  bodyTimeoutMs: {
    expected: 'false, or an integer from 0 to 2147483647 (0: no limit)',
    isValidStatic: (value) =>
      value === false || (isNonNegativeInteger(value) && (value as number) <= MAX_TIMER_MS),
    default: DEFAULT_BODY_TIMEOUT_MS,
  },
  unknownProperties: {
    expected: "'keep', 'strip' or 'reject'",
    isValidStatic: (value) => value === 'keep' || value === 'strip' || value === 'reject',
    default: DEFAULT_UNKNOWN_PROPERTIES,
  },
  sseHeartbeatMs: {
    expected: 'a positive integer',
    isValidStatic: isPositiveInteger,
    default: DEFAULT_SSE_HEARTBEAT_MS,
  },
  webSocket: {
    expected: '{ maxPayload?: positive integer, pingIntervalMs?: integer >= 0 }',
    isValidStatic: isWebSocketOptions,
    default: {},
  },
  pubsub: {
    expected:
      "{ redis?: 'redis://…' or 'rediss://…' URL, maxQueue?: positive integer, commandTimeoutMs?: integer from 1 to 2147483647, retention?: false or { events?, maxAgeMs? } (positive integers), topics?: { [topic or 'prefix*']: { retention } }, retainedBytes?: positive integer }",
    isValidStatic: isPubSubOptions,
    default: {
      maxQueue: DEFAULT_PUBSUB_MAX_QUEUE,
      commandTimeoutMs: DEFAULT_PUBSUB_COMMAND_TIMEOUT_MS,
      retention: DEFAULT_PUBSUB_RETENTION,
      retainedBytes: DEFAULT_PUBSUB_RETAINED_BYTES,
    },
  },
  log: {
    expected: "false or 'stderr'",
    isValidStatic: (value) => value === false || value === 'stderr',
    runtimeOnly: { expected: 'a function (line) => void', isValid: (value) => typeof value === 'function' },
    default: 'stderr',
  },
  docs: {
    expected: "a path such as '/docs' (segments of letters, digits, '.', '_', '~', '-'), or false",
    isValidStatic: (value) => value === false || (typeof value === 'string' && DOCS_PATH.test(value)),
    default: "'/docs' in dev mode (svc dev), else false",
  },
  requestLog: {
    expected: 'true or false',
    isValidStatic: (value) => typeof value === 'boolean',
    default: true,
  },
  cors: {
    expected:
      "false or { origin: string[] | '*', credentials?: boolean (not with '*'), allowHeaders?: string[], exposeHeaders?: string[], maxAge?: integer >= 0 }",
    isValidStatic: (value) => isCorsOptions(value),
    runtimeOnly: {
      expected: 'cors with an origin function (origin) => boolean',
      isValid: (value) => isCorsOptions(value, true),
      fromAppDecorator: true,
    },
    default: false,
  },
  compression: {
    expected: 'true or false',
    isValidStatic: (value) => typeof value === 'boolean',
    default: true,
  },
  uploads: {
    expected:
      '{ fileSize?, files?, fields?, fieldSize?, totalSize?: positive integers, memoryThreshold?: integer >= 0, tempDir?: a directory path }',
    isValidStatic: isUploadOptions,
    default: DEFAULT_UPLOADS,
  },
  shutdownGraceMs: {
    expected: 'an integer >= 0',
    isValidStatic: isNonNegativeInteger,
    default: DEFAULT_SHUTDOWN_GRACE_MS,
  },
  health: {
    expected:
      "false or { live?: a path such as '/health/live', ready?: another path, document?: boolean, checkTimeoutMs?: integer from 1 to 2147483647 }",
    isValidStatic: isHealthOptions,
    default: {
      live: DEFAULT_HEALTH_LIVE,
      ready: DEFAULT_HEALTH_READY,
      document: false,
      checkTimeoutMs: DEFAULT_HEALTH_CHECK_TIMEOUT_MS,
    },
  },
  tls: {
    expected: 'false or { key?: a PEM file path, cert?: a PEM file path, http2?: boolean }',
    isValidStatic: (value) => isTlsOptions(value),
    runtimeOnly: {
      expected: 'a key or certificate as PEM text or bytes',
      isValid: (value) => isTlsOptions(value, true),
    },
    default: false,
  },
  telemetry: {
    expected: 'true or false',
    isValidStatic: (value) => typeof value === 'boolean',
    default: DEFAULT_TELEMETRY,
  },
  rateLimit: {
    expected:
      "{ redis?: false or a 'redis://…' or 'rediss://…' URL, commandTimeoutMs?: integer from 1 to 2147483647 }",
    isValidStatic: isRateLimitStoreOptions,
    default: { redis: "PubSub's Redis, if any", commandTimeoutMs: DEFAULT_RATE_LIMIT_COMMAND_TIMEOUT_MS },
  },
  trustProxy: {
    expected:
      "true, false, a number of proxy hops (integer >= 0), or a non-empty list of addresses and CIDR ranges ('10.0.0.0/8')",
    isValidStatic: isTrustProxy,
    default: false,
  },
  operationIds: {
    expected: "'controller_method' or 'method'",
    isValidStatic: isOperationIdRule,
    analysisOnly: true,
    default: DEFAULT_OPERATION_ID_RULE,
  },
};

export const APP_OPTION_NAMES = Object.keys(APP_OPTIONS).sort() as AppOptionName[];

export function isAppOptionName(name: string): name is AppOptionName {
  return Object.hasOwn(APP_OPTIONS, name);
}

/**
 * Why a value is not valid for an option, or undefined when it is. `runtime` admits what only
 * `createApp` may be given (functions).
 */
export function invalidOptionReason(
  name: AppOptionName,
  value: unknown,
  runtime: boolean,
): string | undefined {
  const definition = APP_OPTIONS[name];
  if (runtime && definition.analysisOnly)
    return 'is read when the app is analyzed (svc dev, svc build, createTestApp): give it in @App or svc.config.json';
  if (definition.isValidStatic(value)) return undefined;
  if (definition.runtimeOnly?.isValid(value)) {
    const where = definition.runtimeOnly.fromAppDecorator ? '@App or createApp' : 'createApp';
    return runtime ? undefined : `${definition.runtimeOnly.expected} can only be given to ${where}`;
  }
  const expected = runtime && definition.runtimeOnly ? ` or ${definition.runtimeOnly.expected}` : '';
  return `must be ${definition.expected}${expected} (got ${describeValue(value)})`;
}

function describeValue(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  return JSON.stringify(value) ?? String(value);
}

/** `@App` options besides the table's: they shape the model or the container. */
export const APP_DECORATOR_ONLY_OPTIONS = ['host', 'port', 'prefix', 'providers'] as const;
