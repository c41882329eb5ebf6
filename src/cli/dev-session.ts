/**
 * The state `svc dev` keeps between rebuilds: the last program (reused for incremental analysis),
 * the emitter (re-emits only changed files) and the running server process. Rebuilds run one at a
 * time; changes that arrive meanwhile are merged into the next one. A failed analysis or a
 * server that will not start leaves the last good server (if any) in place.
 */
import type ts from 'typescript';
import { resolveDocsPath } from '../runtime/docs-page/index.js';
import type { CliOptions } from './args.js';
import { analyzeAndWriteSpec, isFatalForDev } from './analyze.js';
import { AppCompiler, devTarget } from './app-compiler.js';
import { startServerProcess, type ServerProcess } from './child.js';
import { formatRouteTable } from './route-table.js';
import { serverEnv } from './server-env.js';
import { WarnOncePrinter } from './dev-warnings.js';

export type RebuildOutcome = 'served' | 'unchanged' | 'failed' | 'fatal';

export class DevSession {
  private program: ts.Program | undefined;
  private readonly compiler: AppCompiler;
  private server: ServerProcess | undefined;
  private boundPort: number | undefined;
  private queue: Promise<RebuildOutcome> = Promise.resolve('unchanged');
  private pending: string[] | undefined;
  private closing = false;
  private readonly printer = new WarnOncePrinter();
  /** Where the served app has its reference page (svc dev runs it in dev mode), if on. */
  private docsPath: string | undefined;

  constructor(private readonly options: CliOptions) {
    this.compiler = new AppCompiler(devTarget(options.root), true);
  }

  get outDir(): string {
    return this.compiler.outDir;
  }

  /** Queues a rebuild for `files`, merged with any rebuild not yet started; resolves when it ran. */
  requestRebuild(files: readonly string[]): Promise<RebuildOutcome> {
    if (this.closing) return Promise.resolve('unchanged');
    if (this.pending) {
      for (const file of files) if (!this.pending.includes(file)) this.pending.push(file);
      return this.queue;
    }
    this.pending = [...files];
    this.queue = this.queue.then(() => {
      const changed = this.pending ?? [];
      this.pending = undefined;
      return this.rebuild(changed);
    });
    return this.queue;
  }

  /** Analyzes, writes the spec, compiles and (re)starts the server; `changed` only labels the log. */
  async rebuild(changed: readonly string[] = []): Promise<RebuildOutcome> {
    try {
      return await this.rebuildUnsafe(changed);
    } catch (error) {
      log(`svc: rebuild failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return 'failed';
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.queue;
    await this.server?.stop();
    this.server = undefined;
  }

  private async rebuildUnsafe(changed: readonly string[]): Promise<RebuildOutcome> {
    if (changed.length > 0) log(`svc: changed ${changed.join(', ')}; re-analyzing`);
    const run = await analyzeAndWriteSpec(this.options.root, this.program, {
      sourceMaps: true,
      printer: this.printer,
    });
    this.program = run.program ?? this.program;
    if (!run.model || !run.program) {
      if (isFatalForDev(run.errors)) return 'fatal';
      log(
        `svc: analysis failed; ${this.server ? 'the last good server keeps running' : 'waiting for changes'}`,
      );
      return 'failed';
    }
    const compiled = this.compiler.compile(run.program, run.model);
    this.docsPath = resolveDocsPath(run.model.options?.docs, true);
    log(
      `svc: analyzed in ${Math.round(run.milliseconds)} ms, type-checked in ${Math.round(run.typeCheckMilliseconds)} ms, emitted ${compiled.emitted} file(s) in ${Math.round(compiled.milliseconds)} ms`,
    );
    if (this.server && !compiled.changed) {
      log(`svc: the running server is up to date (${this.server.listening.url})`);
      return 'unchanged';
    }
    return (await this.restart(compiled.entry)) ? 'served' : 'failed';
  }

  private async restart(entry: string): Promise<boolean> {
    const previous = this.server;
    this.server = undefined;
    await previous?.stop();
    if (this.closing) return false;
    // Keep the address stable across restarts, even when the first server took an ephemeral port.
    const port = this.boundPort ?? this.options.port;
    const env = serverEnv({ ...this.options, port }, { nodeEnv: 'development' });
    let server: ServerProcess;
    try {
      server = await startServerProcess({
        entry,
        env,
        cwd: this.options.root,
        execArgv: ['--enable-source-maps'],
      });
    } catch (error) {
      log(`svc: ${(error as Error).message}; waiting for changes`);
      return false;
    }
    this.server = server;
    this.boundPort = server.listening.port;
    process.stdout.write(
      `${formatRouteTable(server.listening.routes)}svc: listening on ${server.listening.url}\n`,
    );
    if (this.docsPath) log(`svc: API reference at ${new URL(this.docsPath, server.listening.url).href}`);
    void server.exited.then((code) => this.onServerExit(server, code));
    return true;
  }

  private onServerExit(server: ServerProcess, code: number | string): void {
    if (this.server !== server || this.closing) return;
    this.server = undefined;
    log(`svc: the server exited (${code}); waiting for changes`);
  }
}

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}
