/**
 * The environment of a server process: HOST / PORT and SVC_TLS_KEY / SVC_TLS_CERT from the flags
 * (they win), else inherited.
 */
import { TLS_CERT_ENV, TLS_KEY_ENV } from '../runtime/http/tls/sources.js';
import type { CliOptions } from './args.js';

export interface ServerEnvDefaults {
  /** NODE_ENV when the parent has none. */
  nodeEnv: string;
}

export function serverEnv(options: CliOptions, defaults: ServerEnvDefaults): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  env.NODE_ENV ??= defaults.nodeEnv;
  if (options.host !== undefined) env.HOST = options.host;
  if (options.port !== undefined) env.PORT = String(options.port);
  if (options.tls !== undefined) {
    env[TLS_KEY_ENV] = options.tls.key;
    env[TLS_CERT_ENV] = options.tls.cert;
  }
  return env;
}
