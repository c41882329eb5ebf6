/**
 * examples/chat copied to a temporary project wired to this svc (node_modules/svcjs is a link to
 * the repository, as a user's install would be), built once with the real CLI, then served by
 * `svc start` processes.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO, removeProject, runCli, RunningCli, waitForListening } from '../cli/helpers.js';

/** The example's own tsconfig, less its `paths` (here svcjs resolves through node_modules). */
function exampleTsconfig(): string {
  const tsconfig = JSON.parse(readFileSync(join(REPO, 'examples', 'chat', 'tsconfig.json'), 'utf8')) as {
    compilerOptions: Record<string, unknown>;
  };
  delete tsconfig.compilerOptions.paths;
  return JSON.stringify(tsconfig);
}

/** `appOptions` go to svc.config.json (`{"app": ...}`), below what the example's `@App` sets. */
export async function buildChatProject(appOptions: Record<string, unknown> = {}): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-chat-'));
  cpSync(join(REPO, 'examples', 'chat', 'src'), join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'tsconfig.json'), exampleTsconfig());
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'chat', private: true, type: 'module' }));
  writeFileSync(join(dir, 'svc.config.json'), JSON.stringify({ app: appOptions }));
  mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
  symlinkSync(REPO, join(dir, 'node_modules', 'svcjs'), 'dir');
  symlinkSync(
    join(REPO, 'node_modules', '@types', 'node'),
    join(dir, 'node_modules', '@types', 'node'),
    'dir',
  );
  const build = await runCli(['build'], dir);
  assert.equal(build.code, 0, build.stderr);
  return dir;
}

export { removeProject };

export interface StartedServer {
  cli: RunningCli;
  /** `http://127.0.0.1:<port>` */
  base: string;
}

/** `svc start` on a free port; resolves once it listens. */
export async function startChat(
  root: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<StartedServer> {
  const cli = new RunningCli(['start', '--host', '127.0.0.1', '--port', '0', ...args], root, env);
  try {
    return { cli, base: await waitForListening(cli) };
  } catch (error) {
    await cli.stop();
    throw error;
  }
}

export function wsUrl(base: string, room: string): string {
  return `${base.replace(/^http/, 'ws')}/api/rooms/${room}/socket`;
}

export function sseUrl(base: string, room: string): string {
  return `${base}/api/rooms/${room}/events`;
}
