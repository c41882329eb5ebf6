#!/usr/bin/env node
/**
 * The `svc` command. Each command module is imported lazily so that `svc start` never loads
 * the analyzer (and with it `typescript`): only `dev` and `build` need the compiler.
 */
import { parseCommandLine, type CommandName, type CliOptions } from './args.js';
import { CliError, EXIT_USAGE } from './cli-error.js';
import { USAGE, packageVersion } from './usage.js';

type CommandRunner = (options: CliOptions) => Promise<number>;

const loaders: Record<CommandName, () => Promise<CommandRunner>> = {
  dev: async () => (await import('./dev.js')).runDev,
  build: async () => (await import('./build.js')).runBuild,
  start: async () => (await import('./start.js')).runStart,
  init: async () => (await import('./init.js')).runInit,
};

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseCommandLine(argv);
  if (parsed.kind === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (parsed.kind === 'version') {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const run = await loaders[parsed.command]();
  return run(parsed.options);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof CliError) {
      process.stderr.write(`svc: ${error.message}\n`);
      if (error.exitCode === EXIT_USAGE) process.stderr.write(`\n${USAGE}`);
      process.exitCode = error.exitCode;
      return;
    }
    process.stderr.write(`svc: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
