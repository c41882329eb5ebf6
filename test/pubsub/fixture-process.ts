/**
 * The resume fixture (test/fixtures/streams/resume) served by a Node process of its own, on a
 * real Redis, so a test can run two processes of one app and reconnect a client from one to the
 * other. Its output lines can be awaited; it stops on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const SERVE = fileURLToPath(new URL('../fixtures/streams/resume/serve.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../..', import.meta.url));

export class FixtureProcess {
  output = '';
  private listeners: (() => void)[] = [];

  private constructor(
    readonly child: ChildProcess,
    /** `http://127.0.0.1:<port>` once listening. */
    public base = '',
  ) {
    const append = (chunk: Buffer): void => {
      this.output += chunk.toString();
      for (const listener of [...this.listeners]) listener();
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
  }

  /** Starts the fixture on `redisUrl`; resolves once it listens. */
  static async start(redisUrl: string, commandTimeoutMs?: number): Promise<FixtureProcess> {
    const args = [
      '--import',
      'tsx',
      SERVE,
      redisUrl,
      ...(commandTimeoutMs ? [String(commandTimeoutMs)] : []),
    ];
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' };
    // A child of `node --test` would otherwise report to the parent's test runner.
    delete env.NODE_TEST_CONTEXT;
    const server = new FixtureProcess(spawn(process.execPath, args, { cwd: REPO, env }));
    const [, url] = await server.waitFor(/^listening (\S+)$/m);
    server.base = url as string;
    return server;
  }

  /** Resolves with the first match of `pattern` in the output so far or to come (rejects after a bound). */
  waitFor(pattern: RegExp, timeoutMs = 60_000): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const match = this.output.match(pattern);
        if (match === null) return;
        cleanup();
        resolve(match);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${this.output}`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.listeners = this.listeners.filter((listener) => listener !== check);
      };
      this.listeners.push(check);
      check();
    });
  }

  /** SIGTERM; resolves with the exit code. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.child.exitCode;
    const exited = once(this.child, 'exit') as Promise<[number | null]>;
    this.child.kill('SIGTERM');
    const [code] = await exited;
    return code;
  }
}
