/**
 * Helpers for the CLI tests: temporary projects made from test/fixtures/cli/, and the real built
 * CLI (`dist/cli/main.js`) run as a child process with bounded waits.
 *
 * A temporary project resolves `svc` the way a user's does: `node_modules/svcjs` is a symlink to
 * this repository, so TypeScript reads svc's types from dist/*.d.ts (through package.json
 * "types"/"exports") and the emitted JavaScript imports dist/index.js at runtime. No tsconfig
 * `paths` are needed, which keeps analysis fast (only declaration files, no svc sources).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = join(REPO, 'dist', 'cli', 'main.js');
const FIXTURES = join(REPO, 'test', 'fixtures', 'cli');

/** Copies `test/fixtures/cli/<name>` to a fresh temporary directory wired to this svc. */
export function makeProject(name = 'basic'): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(REPO, join(dir, 'node_modules', 'svcjs'), 'dir');
  return dir;
}

export function removeProject(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to completion (killed after `timeoutMs`). */
export function runCli(args: string[], cwd: string, timeoutMs = 60_000): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: cliEnv({}) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
  });
}

/** A long-running CLI (`dev`, `start`) whose combined output can be awaited. */
export class RunningCli {
  readonly child: ChildProcess;
  output = '';
  private readonly exited: Promise<number | null>;
  private listeners: (() => void)[] = [];

  constructor(args: string[], cwd: string, extraEnv: NodeJS.ProcessEnv = {}) {
    this.child = spawn(process.execPath, [CLI, ...args], { cwd, env: cliEnv(extraEnv) });
    const append = (chunk: Buffer) => {
      this.output += chunk.toString();
      for (const listener of this.listeners) listener();
    };
    this.child.stdout?.on('data', append);
    this.child.stderr?.on('data', append);
    this.exited = new Promise((resolvePromise) => this.child.on('close', (code) => resolvePromise(code)));
  }

  /** Waits until the output after `from` matches `pattern`; returns the match. */
  waitFor(pattern: RegExp, from = 0, timeoutMs = 60_000): Promise<RegExpMatchArray> {
    return new Promise((resolvePromise, reject) => {
      const check = () => {
        const match = this.output.slice(from).match(pattern);
        if (!match) return false;
        cleanup();
        resolvePromise(match);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for ${pattern}; output so far:\n${this.output}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners = this.listeners.filter((listener) => listener !== onData);
      };
      const onData = () => void check();
      this.listeners.push(onData);
      check();
    });
  }

  /** SIGTERM, then SIGKILL after a grace period; resolves with the exit code. */
  async stop(graceMs = 10_000): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }
}

/** The listening URL the CLI printed last (after `from`). */
export async function waitForListening(cli: RunningCli, from = 0): Promise<string> {
  const match = await cli.waitFor(/svc: listening on (\S+)/, from);
  return match[1]!;
}

/** GET (or another method) with a bounded wait; returns status and text. */
export async function request(url: string, method = 'GET'): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { method, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, text: await response.text() };
}

/**
 * NODE_OPTIONS that make any attempt to load `typescript` fail (a module resolve hook), for
 * proving that `svc start` and the server processes never load the compiler.
 */
export const FORBID_TYPESCRIPT = {
  NODE_OPTIONS: `--import=${join(FIXTURES, 'forbid-typescript', 'register.mjs')}`,
};

function cliEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  delete env.HOST;
  delete env.PORT;
  if (!extra.NODE_OPTIONS) delete env.NODE_OPTIONS;
  delete env.NODE_TEST_CONTEXT;
  return env;
}
