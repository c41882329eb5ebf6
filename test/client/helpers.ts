/**
 * Helpers for the typed-client tests: a temporary folder holding a generated `client.ts` and the
 * scripts that use it (test/fixtures/client/), type-checked by the project's own `tsc`, and
 * imported from there to run against a live server.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyzeProject } from '../../src/analyzer/index.js';
import { generateClient } from '../../src/client-gen/index.js';
import { REPO } from '../cli/helpers.js';

export const CLIENT_FIXTURES = join(REPO, 'test', 'fixtures', 'client');
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');

/** The client text for a project, from the same analysis `svc dev` and `svc build` run. */
export function clientOf(root: string): string {
  const result = analyzeProject({ root, typeCheck: false });
  if (!result.model) throw new Error(`analysis failed: ${JSON.stringify(result.diagnostics)}`);
  return generateClient(result.model);
}

export interface ClientDir {
  dir: string;
  /** Imports a script of the folder (under the test's TypeScript loader). */
  load<T>(file: string): Promise<T>;
  remove(): void;
}

/**
 * A folder with `client.ts`, the named scripts copied from test/fixtures/client, an ES-module
 * package.json, and this repository's node_modules (for `ws` and `@types/node`).
 */
export function makeClientDir(clientText: string, scripts: string[]): ClientDir {
  const dir = mkdtempSync(join(tmpdir(), 'svc-client-'));
  writeFileSync(join(dir, 'client.ts'), clientText);
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const script of scripts) copyFileSync(join(CLIENT_FIXTURES, script), join(dir, script));
  return {
    dir,
    load: <T>(file: string) => import(pathToFileURL(join(dir, file)).href) as Promise<T>,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface TscRun {
  code: number;
  /** tsc's diagnostics, one per line, paths relative to the folder. */
  output: string;
}

export type CompilerOptions = Record<string, unknown>;

/** Node 20 with @types/node, the way the example projects compile. */
export const NODE_OPTIONS: CompilerOptions = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  types: ['node'],
};

/** A browser project: the DOM library, no Node types at all. */
export const BROWSER_OPTIONS: CompilerOptions = {
  target: 'ES2022',
  lib: ['ES2022', 'DOM'],
  module: 'ESNext',
  moduleResolution: 'Bundler',
  types: [],
};

/**
 * The strictest project a user might have: every check beyond `strict` that can reject code, and
 * erasable syntax only (what Node's type stripping runs).
 */
export const STRICTEST_OPTIONS: CompilerOptions = {
  ...NODE_OPTIONS,
  noUnusedLocals: true,
  noUnusedParameters: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitReturns: true,
  noImplicitOverride: true,
  noPropertyAccessFromIndexSignature: true,
  noFallthroughCasesInSwitch: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  erasableSyntaxOnly: true,
};

/** `tsc --strict --noEmit -p` over exactly `files`, with the project's TypeScript. */
export function typeCheck(
  dir: string,
  files: string[],
  options: CompilerOptions = NODE_OPTIONS,
): Promise<TscRun> {
  const tsconfig = { compilerOptions: { ...options, strict: true, noEmit: true, skipLibCheck: true }, files };
  const name = `tsconfig.${Math.random().toString(36).slice(2)}.json`;
  writeFileSync(join(dir, name), JSON.stringify(tsconfig, null, 2));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TSC, '-p', name, '--pretty', 'false'],
      { cwd: dir },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}`.trim() });
      },
    );
  });
}
