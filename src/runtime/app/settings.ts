/**
 * Start-up settings: each app option from the `createApp` argument, else the model's static
 * options (`@App` over `svc.config.json`), else the table's default. Host and port: `listen()`
 * options, then HOST / PORT, then the model (from `@App`).
 */
import type { AppModel } from '../../model/app-model.js';
import {
  APP_OPTION_NAMES,
  DEFAULT_BODY_LIMIT,
  DEFAULT_SSE_HEARTBEAT_MS,
  invalidOptionReason,
  isAppOptionName,
  type AppOptionName,
  type StaticAppOptions,
  type UnknownPropertiesPolicy,
  type WebSocketOptions,
} from '../../model/app-options.js';
import type { CreateAppOptions, ListenOptions, LogOption } from '../app-types.js';
import { SvcError } from '../errors/svc-error.js';

export interface RuntimeSettings {
  dev: boolean;
  log: (line: string) => void;
  bodyLimit: number;
  unknownProperties: UnknownPropertiesPolicy;
  sseHeartbeatMs: number;
  /** Passed to the WebSocket support as given (its defaults fill the gaps). */
  webSocket: WebSocketOptions;
}

/** `createApp` options that say where the app is and what it is made of rather than how it behaves. */
const LOCATION_OPTIONS: readonly string[] = ['model', 'baseDir', 'root', 'modules', 'overrides'];

export function resolveSettings(options: CreateAppOptions, model: AppModel): RuntimeSettings {
  checkCreateAppOptions(options);
  checkModelOptions(model.options ?? {});
  const pick = <K extends AppOptionName>(name: K): CreateAppOptions[K] | StaticAppOptions[K] =>
    options[name] ?? model.options?.[name];
  return {
    dev: pick('dev') ?? process.env.NODE_ENV === 'development',
    log: logSink(pick('log') ?? 'stderr'),
    bodyLimit: pick('bodyLimit') ?? DEFAULT_BODY_LIMIT,
    unknownProperties: pick('unknownProperties') ?? 'keep',
    sseHeartbeatMs: pick('sseHeartbeatMs') ?? DEFAULT_SSE_HEARTBEAT_MS,
    webSocket: { ...pick('webSocket') },
  };
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
