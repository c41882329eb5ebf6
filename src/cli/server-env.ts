/** The environment of a server process: HOST / PORT from the flags (they win), else inherited. */
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
  return env;
}
