/** Start-up settings resolved from options, `@App` options, the model and the environment. */
import type { AppModel } from '../../model/app-model.js';
import type { CreateAppOptions, ListenOptions, WebSocketOptions } from '../app-types.js';
import type { AppOptions } from '../decorators/metadata.js';
import { DEFAULT_BODY_LIMIT } from '../http/body.js';
import { DEFAULT_HEARTBEAT_MS } from '../streams/sse.js';

export interface RuntimeSettings {
  dev: boolean;
  log: (line: string) => void;
  bodyLimit: number;
  unknownProperties: 'keep' | 'strip' | 'reject';
  sseHeartbeatMs: number;
  /** Passed to the WebSocket support as given (its defaults fill the gaps). */
  webSocket: WebSocketOptions;
}

export function resolveSettings(
  options: CreateAppOptions,
  appOptions: AppOptions | undefined,
): RuntimeSettings {
  return {
    dev: options.dev ?? process.env.NODE_ENV === 'development',
    log: options.log ?? ((line) => console.error(line)),
    bodyLimit: options.bodyLimit ?? appOptions?.bodyLimit ?? DEFAULT_BODY_LIMIT,
    unknownProperties: options.unknownProperties ?? 'keep',
    sseHeartbeatMs: options.sseHeartbeatMs ?? DEFAULT_HEARTBEAT_MS,
    webSocket: { ...options.webSocket },
  };
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
