/**
 * The state `svc dev` keeps between rebuilds: the last program (reused for incremental analysis),
 * the emitter (re-emits only changed files) and the running server process. Rebuilds run one at a
 * time; changes that arrive meanwhile are merged into the next one. A failed analysis or a
 * server that will not start leaves the last good server (if any) in place.
 *
 * Warm start: when the project's sources are exactly those the last session's output in
 * .svc/dev was built from (its source stamp holds), that output is served at once and the
 * analysis runs behind it; it finds the same outputs and leaves the server alone. The analyzer
 * (and `typescript`) is loaded only after the server was started, so the two overlap.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type ts from 'typescript';
import { resolveDocsPath } from '../runtime/docs-page/index.js';
import type { AppModel } from '../model/app-model.js';
import type { CliOptions } from './args.js';
import type { AnalysisRun, AnalysisSettings, WrittenModel } from './analyze.js';
import type { AppCompiler } from './app-compiler.js';
import { APP_MODEL_FILE } from './app-model-file.js';
import { startServerProcess, type ServerProcess } from './child.js';
import { Standby } from './dev-standby.js';
import { ENTRY_FILE } from './entry.js';
import {
  externalProgramFiles,
  externalVersions,
  readStamp,
  stampStillHolds,
  takeStamp,
  writeStamp,
  type SourceStamp,
} from './source-stamp.js';
import { formatRouteTable } from './route-table.js';
import { serverEnv } from './server-env.js';
import { printNothing, WarnOncePrinter } from './dev-warnings.js';

/** Stack traces of the user's code name its .ts lines (svc dev emits source maps). */
const SERVER_FLAGS = ['--enable-source-maps'];

export type RebuildOutcome = 'served' | 'unchanged' | 'failed' | 'fatal';

interface RebuildHow {
  /**
   * `rehearseEdit`: say nothing, and stop before the compile when a source changed meanwhile
   * (that edit's own rebuild, queued by the watcher, then serves it and says so).
   */
  rehearsal?: boolean;
}

/** The analyzer and the emitter, loaded on first use (they load `typescript`). */
interface Toolchain {
  analyze: (root: string, old: ts.Program | undefined, settings: AnalysisSettings) => Promise<AnalysisRun>;
  forgetParse: (fileName: string) => void;
  isFatal: (errors: AnalysisRun['errors']) => boolean;
  compiler: AppCompiler;
}

export class DevSession {
  readonly outDir: string;
  private readonly stampFile: string;
  private program: ts.Program | undefined;
  private toolchain: Promise<Toolchain> | undefined;
  private server: ServerProcess | undefined;
  private boundPort: number | undefined;
  private queue: Promise<RebuildOutcome> = Promise.resolve('unchanged');
  private pending: string[] | undefined;
  private closing = false;
  private readonly printer = new WarnOncePrinter();
  /** The model the spec files and the client were last written from. */
  private readonly written: WrittenModel = {};
  private readonly standby: Standby;
  /** Where the served app has its reference page (svc dev runs it in dev mode), if on. */
  private docsPath: string | undefined;
  /** A controller's source (relative to the root) from the last good analysis, for `rehearseEdit`. */
  private lastControllerFile: string | undefined;

  constructor(private readonly options: CliOptions) {
    this.outDir = join(options.root, '.svc', 'dev');
    this.stampFile = join(this.outDir, 'source-stamp.json');
    this.standby = new Standby(this.outDir, options.root, SERVER_FLAGS);
  }

  /**
   * Serves the last session's output when the sources still match its stamp (true); otherwise
   * removes it, so the first rebuild starts clean (false).
   */
  async serveLastOutput(): Promise<boolean> {
    const entry = join(this.outDir, ENTRY_FILE);
    if (!existsSync(entry) || !stampStillHolds(this.options.root, readStamp(this.stampFile))) {
      rmSync(this.outDir, { recursive: true, force: true });
      // Node's start-up and svc's own loading then overlap the analysis (on the other core).
      this.standby.prepare(this.serverEnvAt(this.options.port));
      return false;
    }
    log('svc: sources unchanged since the last run; serving .svc/dev while re-analyzing');
    this.docsPath = resolveDocsPath(lastModel(this.outDir)?.options?.docs, true);
    return this.restart(entry);
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

  /**
   * Runs an edit's path once on nothing new, so that the first real edit finds its code compiled
   * by V8: one controller file is parsed again (same text), and the analysis, type check and emit
   * of an edit run behind the served app, silently; outputs come out the same, so nothing is
   * rewritten but the source stamp and nothing restarts. Measured on the example, the first edit
   * after launch: 424–477 ms without it, 345–354 ms with it (later edits ~250 ms).
   */
  rehearseEdit(): Promise<RebuildOutcome> {
    this.queue = this.queue.then(async () => {
      const file = this.lastControllerFile;
      // A real edit waiting, or no good analysis yet: nothing to rehearse.
      if (this.closing || this.pending || !this.program || file === undefined) return 'unchanged';
      (await this.tools()).forgetParse(resolve(this.options.root, file));
      return this.rebuild([], { rehearsal: true });
    });
    return this.queue;
  }

  /** Analyzes, writes the spec, compiles and (re)starts the server; `changed` only labels the log. */
  async rebuild(changed: readonly string[] = [], how: RebuildHow = {}): Promise<RebuildOutcome> {
    try {
      return await this.rebuildUnsafe(changed, how);
    } catch (error) {
      log(`svc: rebuild failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return 'failed';
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.queue;
    this.standby.close();
    await this.server?.stop();
    this.server = undefined;
  }

  private async rebuildUnsafe(changed: readonly string[], how: RebuildHow): Promise<RebuildOutcome> {
    if (changed.length > 0) log(`svc: changed ${changed.join(', ')}; re-analyzing`);
    // Taken before analysis reads the files: an edit made meanwhile makes the next stamp differ.
    const stamp = takeStamp(this.options.root);
    const tools = await this.tools();
    const rehearsal = how.rehearsal === true;
    const run = await tools.analyze(this.options.root, this.program, {
      sourceMaps: true,
      printer: rehearsal ? printNothing : this.printer,
      written: this.written,
    });
    this.program = run.program ?? this.program;
    if (rehearsal && (!run.model || !stampStillHolds(this.options.root, stamp))) return 'unchanged';
    if (!run.model || !run.program) {
      if (tools.isFatal(run.errors)) return 'fatal';
      log(
        `svc: analysis failed; ${this.server ? 'the last good server keeps running' : 'waiting for changes'}`,
      );
      return 'failed';
    }
    const compiled = tools.compiler.compile(run.program, run.model);
    this.saveStamp(stamp, run.program);
    this.docsPath = resolveDocsPath(run.model.options?.docs, true);
    this.lastControllerFile = run.model.controllers[0]?.file;
    if (rehearsal && !compiled.changed) return 'unchanged';
    log(
      `svc: analyzed in ${Math.round(run.milliseconds)} ms, type-checked in ${Math.round(run.typeCheckMilliseconds)} ms, emitted ${compiled.emitted} file(s) in ${Math.round(compiled.milliseconds)} ms`,
    );
    if (this.server && !compiled.changed) {
      log(`svc: the running server is up to date (${this.server.listening.url})`);
      return 'unchanged';
    }
    return (await this.restart(compiled.entry)) ? 'served' : 'failed';
  }

  private tools(): Promise<Toolchain> {
    this.toolchain ??= Promise.all([import('./analyze.js'), import('./app-compiler.js')]).then(
      ([analysis, compiling]) => ({
        analyze: analysis.analyzeAndWriteSpec,
        forgetParse: analysis.forgetParse,
        isFatal: analysis.isFatalForDev,
        compiler: new compiling.AppCompiler(compiling.devTarget(this.options.root), true),
      }),
    );
    return this.toolchain;
  }

  /** Records what this output was built from, with the program's files outside the root. */
  private saveStamp(stamp: SourceStamp, program: ts.Program): void {
    const external = externalProgramFiles(this.options.root, program);
    writeStamp(this.stampFile, { ...stamp, external: externalVersions(external) });
  }

  private async restart(entry: string): Promise<boolean> {
    const previous = this.server;
    this.server = undefined;
    await previous?.stop();
    if (this.closing) return false;
    // Keep the address stable across restarts, even when the first server took an ephemeral port.
    const env = this.serverEnvAt(this.boundPort ?? this.options.port);
    let server: ServerProcess;
    try {
      const standby = this.standby.take(env);
      server = await startServerProcess({
        entry,
        env,
        cwd: this.options.root,
        execArgv: SERVER_FLAGS,
        ...(standby && { standby }),
      });
    } catch (error) {
      log(`svc: ${(error as Error).message}; waiting for changes`);
      return false;
    }
    this.server = server;
    this.boundPort = server.listening.port;
    this.standby.prepare(this.serverEnvAt(this.boundPort));
    process.stdout.write(
      `${formatRouteTable(server.listening.routes)}svc: listening on ${server.listening.url}\n`,
    );
    if (this.docsPath) log(`svc: API reference at ${new URL(this.docsPath, server.listening.url).href}`);
    void server.exited.then((code) => this.onServerExit(server, code));
    return true;
  }

  private serverEnvAt(port: number | undefined): NodeJS.ProcessEnv {
    return serverEnv({ ...this.options, port }, { nodeEnv: 'development' });
  }

  private onServerExit(server: ServerProcess, code: number | string): void {
    if (this.server !== server || this.closing) return;
    this.server = undefined;
    log(`svc: the server exited (${code}); waiting for changes`);
  }
}

function lastModel(outDir: string): AppModel | undefined {
  try {
    return JSON.parse(readFileSync(join(outDir, APP_MODEL_FILE), 'utf8')) as AppModel;
  } catch {
    return undefined;
  }
}

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}
