/**
 * Start-up settings: each app option from the `createApp` argument, else the model's static
 * options (`@App` over `svc.config.json`), else the table's default. Host and port: `listen()`
 * options, then HOST / PORT, then the model (from `@App`).
 */
import type { AppModel } from '../../model/app-model.js';
import {
  APP_OPTION_NAMES,
  DEFAULT_BODY_LIMIT,
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_HEALTH_CHECK_TIMEOUT_MS,
  DEFAULT_HEALTH_LIVE,
  DEFAULT_HEALTH_READY,
  DEFAULT_PUBSUB_COMMAND_TIMEOUT_MS,
  DEFAULT_PUBSUB_MAX_QUEUE,
  DEFAULT_RATE_LIMIT_COMMAND_TIMEOUT_MS,
  DEFAULT_SHUTDOWN_GRACE_MS,
  DEFAULT_SSE_HEARTBEAT_MS,
  DEFAULT_TELEMETRY,
  DEFAULT_UNKNOWN_PROPERTIES,
  invalidOptionReason,
  isAppOptionName,
  type AppOptionName,
  type HealthOptions,
  type PubSubOptions,
  type CorsOptions,
  type StaticAppOptions,
  type TrustProxyOption,
  type UnknownPropertiesPolicy,
  type WebSocketOptions,
} from '../../model/app-options.js';
import type { CreateAppOptions, ListenOptions, LogOption } from '../app-types.js';
import type { AppOptions } from '../decorators/metadata.js';
import { SvcError } from '../errors/svc-error.js';
import { tlsSources, type TlsSources } from '../http/tls/sources.js';
import { resolveUploads, type UploadSettings } from '../body/limits.js';

export interface RuntimeSettings {
  dev: boolean;
  log: (line: string) => void;
  bodyLimit: number;
  /** How long a body may go quiet while it is read, in ms; 0: no limit (src/runtime/body/timeout.ts). */
  bodyTimeoutMs: number;
  unknownProperties: UnknownPropertiesPolicy;
  sseHeartbeatMs: number;
  /** Passed to the WebSocket support as given (its defaults fill the gaps). */
  webSocket: WebSocketOptions;
  /** `redis`: createApp, then SVC_REDIS_URL, then the model; the others: createApp, then the model. */
  pubsub: { redis?: string; maxQueue: number; commandTimeoutMs: number } & Pick<
    PubSubOptions,
    'retention' | 'topics' | 'retainedBytes'
  >;
  /** Where request log lines go (`log` as given), or undefined when there is no request log. */
  requestLog: LogOption;
  cors: CorsOptions | undefined;
  compression: boolean;
  shutdownGraceMs: number;
  /** The health endpoints (the option taken whole, its gaps filled), or undefined when off. */
  health: { live: string; ready: string; checkTimeoutMs: number } | undefined;
  /** Where the TLS key and certificate come from (key by key), or undefined for plain HTTP. */
  tls: TlsSources | undefined;
  /** Traces and metrics when `@opentelemetry/api` can be imported (src/runtime/telemetry). */
  telemetry: boolean;
  /** `@RateLimit` counters: in this Redis (`rateLimit.redis`, else PubSub's), or in memory when undefined. */
  rateLimit: { redis: string | undefined; commandTimeoutMs: number };
  trustProxy: TrustProxyOption;
  /** Multipart limits, key by key: createApp's, then the model's, then the defaults. */
  uploads: UploadSettings;
}

/** `createApp` options that say where the app is and what it is made of rather than how it behaves. */
const LOCATION_OPTIONS: readonly string[] = ['model', 'baseDir', 'root', 'modules', 'overrides'];

/** `appDecorator`: the live `@App` options, for what the analyzer leaves to start-up (a CORS origin function). */
export function resolveSettings(
  options: CreateAppOptions,
  model: AppModel,
  appDecorator: AppOptions | undefined,
): RuntimeSettings {
  checkCreateAppOptions(options);
  checkModelOptions(model.options ?? {});
  const pick = <K extends AppOptionName & keyof CreateAppOptions>(
    name: K,
  ): CreateAppOptions[K] | StaticAppOptions[K] => options[name] ?? model.options?.[name];
  const log = pick('log') ?? 'stderr';
  const pubsub = resolvePubSub(options.pubsub, model.options?.pubsub);
  return {
    dev: pick('dev') ?? process.env.NODE_ENV === 'development',
    log: logSink(log),
    bodyLimit: pick('bodyLimit') ?? DEFAULT_BODY_LIMIT,
    bodyTimeoutMs: bodyTimeout(pick('bodyTimeoutMs')),
    unknownProperties: pick('unknownProperties') ?? DEFAULT_UNKNOWN_PROPERTIES,
    sseHeartbeatMs: pick('sseHeartbeatMs') ?? DEFAULT_SSE_HEARTBEAT_MS,
    webSocket: { ...pick('webSocket') },
    pubsub,
    requestLog: pick('requestLog') === false ? false : log,
    cors: resolveCors(options.cors, appDecorator?.cors, model.options?.cors),
    compression: pick('compression') ?? true,
    shutdownGraceMs: pick('shutdownGraceMs') ?? DEFAULT_SHUTDOWN_GRACE_MS,
    health: resolveHealth(pick('health')),
    tls: tlsSources(options.tls, model.options?.tls),
    telemetry: pick('telemetry') ?? DEFAULT_TELEMETRY,
    rateLimit: resolveRateLimit(pick('rateLimit'), pubsub.redis),
    trustProxy: pick('trustProxy') ?? false,
    uploads: resolveUploads(options.uploads, model.options?.uploads),
  };
}

/** `false` is `0`: no limit. */
function bodyTimeout(option: number | false | undefined): number {
  return option === false ? 0 : (option ?? DEFAULT_BODY_TIMEOUT_MS);
}

/** Counters go to the Redis PubSub uses unless `rateLimit.redis` names another, or `false` (memory). */
function resolveRateLimit(
  option: StaticAppOptions['rateLimit'],
  pubsubRedis: string | undefined,
): RuntimeSettings['rateLimit'] {
  const redis = option?.redis === false ? undefined : (option?.redis ?? pubsubRedis);
  return { redis, commandTimeoutMs: option?.commandTimeoutMs ?? DEFAULT_RATE_LIMIT_COMMAND_TIMEOUT_MS };
}

/** Taken whole from the first place that gives it (like `webSocket`); `false` turns it off. */
function resolveHealth(option: HealthOptions | false | undefined): RuntimeSettings['health'] {
  if (option === false) return undefined;
  return {
    live: option?.live ?? DEFAULT_HEALTH_LIVE,
    ready: option?.ready ?? DEFAULT_HEALTH_READY,
    checkTimeoutMs: option?.checkTimeoutMs ?? DEFAULT_HEALTH_CHECK_TIMEOUT_MS,
  };
}

/**
 * createApp's, else the live `@App` one (it may hold an origin function the model leaves out),
 * else the model's (from svc.config.json). `false` is off, like no option at all.
 */
function resolveCors(
  given: CreateAppOptions['cors'],
  decorator: AppOptions['cors'],
  model: StaticAppOptions['cors'],
): CorsOptions | undefined {
  if (decorator !== undefined && given === undefined) {
    const reason = invalidOptionReason('cors', decorator, true);
    if (reason !== undefined) throw new SvcError('SVC_ERR_INVALID_OPTION', `@App option 'cors' ${reason}`);
  }
  const cors = given ?? decorator ?? model;
  return cors === undefined || cors === false ? undefined : cors;
}

/** Key by key; the environment variable names a Redis server for every process of a deployment. */
function resolvePubSub(
  given: PubSubOptions | undefined,
  model: PubSubOptions | undefined,
): RuntimeSettings['pubsub'] {
  const fromEnv = process.env.SVC_REDIS_URL || undefined;
  if (fromEnv !== undefined && invalidOptionReason('pubsub', { redis: fromEnv }, false) !== undefined)
    throw new SvcError(
      'SVC_ERR_INVALID_OPTION',
      `SVC_REDIS_URL must be a redis:// or rediss:// URL (got ${JSON.stringify(fromEnv)})`,
    );
  const redis = given?.redis ?? fromEnv ?? model?.redis;
  const maxQueue = given?.maxQueue ?? model?.maxQueue ?? DEFAULT_PUBSUB_MAX_QUEUE;
  const commandTimeoutMs =
    given?.commandTimeoutMs ?? model?.commandTimeoutMs ?? DEFAULT_PUBSUB_COMMAND_TIMEOUT_MS;
  // Retention: PubSub fills the gaps from the options table, so only what was given is passed on.
  const resume = {
    retention: given?.retention ?? model?.retention,
    topics: given?.topics ?? model?.topics,
    retainedBytes: given?.retainedBytes ?? model?.retainedBytes,
  };
  for (const key of Object.keys(resume) as (keyof typeof resume)[])
    if (resume[key] === undefined) delete resume[key];
  const common = { maxQueue, commandTimeoutMs, ...resume };
  return redis === undefined ? common : { redis, ...common };
}

function logSink(option: LogOption): (line: string) => void {
  if (typeof option === 'function') return option;
  // Statically only `false` (silence) and 'stderr' exist; other sinks need a function.
  return option === false ? () => {} : (line) => console.error(line);
}

/** An unknown or ill-typed `createApp` option stops start-up, named. */
function checkCreateAppOptions(options: CreateAppOptions): void {
  for (const [name, value] of Object.entries(options)) {
    if (LOCATION_OPTIONS.includes(name) || value === undefined) continue;
    if (!isAppOptionName(name)) {
      const known = [...APP_OPTION_NAMES, ...LOCATION_OPTIONS].sort().join(', ');
      throw new SvcError('SVC_ERR_UNKNOWN_OPTION', `createApp option '${name}' is unknown (known: ${known})`);
    }
    const reason = invalidOptionReason(name, value, true);
    if (reason !== undefined)
      throw new SvcError('SVC_ERR_INVALID_OPTION', `createApp option '${name}' ${reason}`);
  }
}

/** The analyzer checked them; a model written by hand or by another version is checked again. */
function checkModelOptions(options: StaticAppOptions): void {
  for (const [name, value] of Object.entries(options)) {
    // Left to start-up by the analyzer (a CORS origin function in @App): read from the decorator.
    if (value === undefined) continue;
    const reason = isAppOptionName(name) ? invalidOptionReason(name, value, false) : 'is unknown';
    if (reason !== undefined)
      throw new SvcError(
        'SVC_ERR_INVALID_OPTION',
        `app model option '${name}' ${reason}: re-run the analyzer`,
      );
  }
}

/** listen() options win, then HOST / PORT, then the model (from `@App`). */
export function resolveAddress(model: AppModel, options: ListenOptions = {}): { host: string; port: number } {
  const envPort =
    process.env.PORT === undefined || process.env.PORT === '' ? undefined : Number(process.env.PORT);
  return {
    host: options.host ?? (process.env.HOST || undefined) ?? model.host,
    port: options.port ?? (envPort !== undefined && Number.isInteger(envPort) ? envPort : model.port),
  };
}
