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
  async url(timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    void this.exited.then(() => (exited = true));
    while (Date.now() < deadline) {
      const match = this.output.match(LISTENING);
      if (match) return match[1]!;
      if (exited) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`the server did not print its address; output:\n${this.output}`);
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
