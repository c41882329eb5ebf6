/** The environment of a server process: HOST / PORT from the flags (they win), else inherited. */
import type { CliOptions } from './args.js';

export interface ServerEnvDefaults {
  /** A port to fall back on before PORT (dev keeps the port of the first server across restarts). */
  port?: number | undefined;
  /** NODE_ENV when the parent has none. */
  nodeEnv: string;
}

export function serverEnv(options: CliOptions, defaults: ServerEnvDefaults): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  env.NODE_ENV ??= defaults.nodeEnv;
  if (options.host !== undefined) env.HOST = options.host;
  const port = options.port ?? defaults.port;
  if (port !== undefined) env.PORT = String(port);
  return env;
}
