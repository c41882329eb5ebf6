/**
 * `svcjs/testing`: analyze a project in-process and serve it without a port.
 *
 *   const app = await createTestApp({ root: 'path/to/project' });
 *   const res = await app.inject({ method: 'GET', url: '/api/books' });
 *
 * The project's sources are transpiled with its own tsconfig (decorators, `paths`) into a
 * temporary directory and imported from there, so no TypeScript loader has to know the
 * project. Analysis errors throw, formatted with file:line; type errors only with `typeCheck`.
 */
import { rmSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyzeProject, type AnalysisResult } from '../analyzer/index.js';
import { formatDiagnostic } from '../analyzer/diagnostics.js';
import type { CreateAppOptions, SvcApp } from '../runtime/app-types.js';
import { createApp } from '../runtime/app/create-app.js';
import { outputName, transpileProject } from './transpile.js';

export interface TestAppOptions extends Omit<CreateAppOptions, 'model' | 'baseDir'> {
  /** The project root (holds tsconfig.json). */
  root: string;
  /**
   * Also fail on TypeScript type errors (SVC_ERR_TYPE_CHECK), as `svc build` does. Off by
   * default: a test is about behaviour, and the full type check is most of the start-up time.
   */
  typeCheck?: boolean;
}

export class AnalysisFailedError extends Error {
  constructor(readonly lines: string[]) {
    super(`svc: the project has analysis errors:\n${lines.join('\n')}`);
    this.name = 'AnalysisFailedError';
  }
}

export async function createTestApp(options: TestAppOptions): Promise<SvcApp> {
  const root = resolve(options.root);
  const result = analyzeProject({ root, typeCheck: options.typeCheck ?? false });
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0 || result.model === undefined) {
    throw new AnalysisFailedError(errors.map(formatDiagnostic));
  }
  const model = result.model;
  const outDir = result.program && transpileProject(root, result.program);
  const modules = outDir && result.program ? await importProject(root, outDir, result.program) : {};
  const { typeCheck: _typeCheck, ...appOptions } = options;
  const app = await createApp({
    ...appOptions,
    root,
    model,
    baseDir: root,
    modules: { ...modules, ...options.modules },
  });
  return outDir ? removeOnClose(app, outDir) : app;
}

/** The compiled sources stay while the app runs (its code may import lazily) and go with it. */
function removeOnClose(app: SvcApp, outDir: string): SvcApp {
  const close = app.close.bind(app);
  return Object.assign(app, {
    close: async () => {
      await close();
      rmSync(outDir, { recursive: true, force: true });
    },
  });
}

/** Imports the project's sources, transpiled with its own tsconfig, keyed by the model's module paths. */
async function importProject(
  root: string,
  outDir: string,
  program: NonNullable<AnalysisResult['program']>,
): Promise<Record<string, Record<string, unknown>>> {
  const modules: Record<string, Record<string, unknown>> = {};
  for (const source of program.getSourceFiles()) {
    const rel = relative(root, source.fileName).split(sep).join('/');
    if (source.isDeclarationFile || rel.startsWith('..') || rel.includes('node_modules/')) continue;
    modules[rel] = (await import(pathToFileURL(join(outDir, outputName(rel))).href)) as Record<
      string,
      unknown
    >;
  }
  return modules;
}

export type { SvcApp, InjectRequest, InjectResponse } from '../runtime/app-types.js';
