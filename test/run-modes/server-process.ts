/**
 * A server started as `node <args>` (a user's own entry, under plain node or tsx), with a bounded
 * wait for the line it prints once it listens, and SIGTERM-then-SIGKILL on stop. The CLI itself
 * is run with test/cli/helpers.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const LISTENING = /listening on (http:\/\/\S+)/;

export class ServerProcess {
  readonly child: ChildProcess;
  output = '';
  private readonly exited: Promise<number | null>;

  constructor(nodeArgs: string[], cwd: string, extraEnv: NodeJS.ProcessEnv = {}) {
    const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: '0', ...extraEnv };
    if (!extraEnv.NODE_OPTIONS) delete env.NODE_OPTIONS;
    delete env.NODE_TEST_CONTEXT;
    this.child = spawn(process.execPath, nodeArgs, { cwd, env });
    const append = (chunk: Buffer) => (this.output += chunk.toString());
    this.child.stdout?.on('data', append);
    this.child.stderr?.on('data', append);
    this.exited = new Promise((resolve) => this.child.on('close', (code) => resolve(code)));
  }

  /** The URL the server printed; rejects when it exits first or after `timeoutMs`. */
  url(timeoutMs = 30_000): Promise<string> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.child.stdout?.off('data', check);
        this.child.stderr?.off('data', check);
        outcome();
      };
      const fail = (why: string) =>
        settle(() => reject(new Error(`the server ${why}; output:\n${this.output}`)));
      // Registered after the constructor's listeners, so `output` already holds the chunk.
      const check = () => {
        const match = this.output.match(LISTENING);
        if (match) settle(() => resolve(match[1]!));
      };
      const timer = setTimeout(() => fail(`did not print its address in ${timeoutMs} ms`), timeoutMs);
      this.child.stdout?.on('data', check);
      this.child.stderr?.on('data', check);
      void this.exited.then(() => fail('exited before printing its address'));
      check();
    });
  }

  async stop(graceMs = 5_000): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }
}

/** Runs `node <args>` to completion (killed after `timeoutMs`). */
export function runNode(
  args: string[],
  cwd: string,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    delete env.NODE_TEST_CONTEXT;
    const child = spawn(process.execPath, args, { cwd, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
