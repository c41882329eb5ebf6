/** Command-line parsing: `svc <command> [options]`, with no dependency beyond node:util. */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { CliError, EXIT_USAGE } from './cli-error.js';

export type CommandName = 'dev' | 'build' | 'start' | 'init';

export interface CliOptions {
  /** Absolute project root (`--root`, default the working directory). */
  root: string;
  host?: string;
  port?: number;
  workers: number;
  /** `--tls-key` / `--tls-cert` (absolute): HTTPS and HTTP/2 for `dev` and `start`, always both. */
  tls?: { key: string; cert: string };
}

export type ParsedCommand =
  { kind: 'help' } | { kind: 'version' } | { kind: 'run'; command: CommandName; options: CliOptions };

const COMMANDS: readonly string[] = ['dev', 'build', 'start', 'init'];

/** Parses `argv` (without node and script). Throws a usage CliError (exit 2) on anything unknown. */
export function parseCommandLine(argv: readonly string[], cwd = process.cwd()): ParsedCommand {
  const { values, positionals } = parseOrThrow(argv);
  if (values.version) return { kind: 'version' };
  if (values.help || positionals.length === 0) return { kind: 'help' };
  const [command, ...extra] = positionals;
  if (!command || !COMMANDS.includes(command)) throw new CliError(`unknown command '${command}'`, EXIT_USAGE);
  // `svc init [dir]`: the one command with an operand, the directory to create the project in.
  const operand = command === 'init' ? extra.shift() : undefined;
  if (extra.length > 0) throw new CliError(`unexpected argument '${extra[0]}'`, EXIT_USAGE);
  return {
    kind: 'run',
    command: command as CommandName,
    options: {
      root: resolve(cwd, operand ?? values.root ?? '.'),
      ...(values.host !== undefined && { host: values.host }),
      ...(values.port !== undefined && { port: parseInteger('--port', values.port, 0, 65535) }),
      workers: values.workers === undefined ? 1 : parseInteger('--workers', values.workers, 1, 1024),
      ...tlsFiles(values['tls-key'], values['tls-cert'], cwd),
    },
  };
}

/** Both files or neither: a key alone would serve nothing. */
function tlsFiles(key: string | undefined, cert: string | undefined, cwd: string): Pick<CliOptions, 'tls'> {
  if (key === undefined && cert === undefined) return {};
  if (key === undefined || cert === undefined || key === '' || cert === '') {
    throw new CliError('--tls-key and --tls-cert go together: give both files', EXIT_USAGE);
  }
  return { tls: { key: resolve(cwd, key), cert: resolve(cwd, cert) } };
}

function parseOrThrow(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        root: { type: 'string', short: 'r' },
        host: { type: 'string' },
        port: { type: 'string', short: 'p' },
        workers: { type: 'string', short: 'w' },
        'tls-key': { type: 'string' },
        'tls-cert': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new CliError((error as Error).message, EXIT_USAGE);
  }
}

function parseInteger(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new CliError(`${flag} must be an integer from ${min} to ${max}, got '${text}'`, EXIT_USAGE);
  }
  return value;
}
