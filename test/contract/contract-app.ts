/**
 * The contract app (test/fixtures/contract/app) and examples/bookstore, run the way users run
 * them: a temporary copy wired to this svc (test/cli/helpers.ts), `svc build`, `svc start`;
 * or in-process with createTestApp + listen on port 0 where no CLI run is needed.
 */
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type SvcApp } from '../../src/testing/index.js';
import { makeProject, REPO, removeProject, RunningCli, waitForListening } from '../cli/helpers.js';
import type { OpenApiDoc } from './openapi-client.js';
import { buildCached } from '../support/cached-build.js';

export const CONTRACT_APP = join(REPO, 'test', 'fixtures', 'contract', 'app');
export const BOOKSTORE = join(REPO, 'examples', 'bookstore');

export interface BuiltProject {
  root: string;
  /** The written .svc/svc_swagger/swagger.json. */
  swagger: OpenApiDoc;
  swaggerJsonText: string;
  swaggerYamlText: string;
  buildStderr: string;
  remove(): void;
}

/** Copies a project to a temporary directory as an installed-svc project and runs `svc build`. */
export async function buildProject(source: string): Promise<BuiltProject> {
  // makeProject copies a directory named relative to test/fixtures/cli.
  const root = makeProject(join('..', '..', '..', source.slice(REPO.length + 1)));
  useInstalledSvc(root);
  const build = await buildCached(root);
  if (build.code !== 0) throw new Error(`svc build failed (${build.code}):\n${build.stdout}${build.stderr}`);
  const spec = join(root, '.svc', 'svc_swagger');
  const swaggerJsonText = readFileSync(join(spec, 'swagger.json'), 'utf8');
  return {
    root,
    swagger: JSON.parse(swaggerJsonText) as OpenApiDoc,
    swaggerJsonText,
    swaggerYamlText: readFileSync(join(spec, 'swagger.yaml'), 'utf8'),
    buildStderr: build.stderr,
    remove: () => removeProject(root),
  };
}

/** Drops the tsconfig `paths` to svc's sources (the copy resolves svc from node_modules) and provides @types/node. */
function useInstalledSvc(root: string): void {
  const file = join(root, 'tsconfig.json');
  const tsconfig = JSON.parse(readFileSync(file, 'utf8')) as { compilerOptions: Record<string, unknown> };
  delete tsconfig.compilerOptions.paths;
  writeFileSync(file, JSON.stringify(tsconfig, null, 2));
  symlinkSync(join(REPO, 'node_modules', '@types'), join(root, 'node_modules', '@types'), 'dir');
}

export interface StartedServer {
  origin: string;
  cli: RunningCli;
  stop(): Promise<number | null>;
}

/** `svc start` on a built project, on an ephemeral port. */
export async function startBuilt(root: string): Promise<StartedServer> {
  const cli = new RunningCli(['start', '--host', '127.0.0.1', '--port', '0'], root);
  const url = await waitForListening(cli);
  return { origin: new URL(url).origin, cli, stop: () => cli.stop() };
}

export interface LiveApp {
  app: SvcApp;
  origin: string;
}

/** The project in-process (createTestApp) on a real socket. */
export async function startInProcess(root = CONTRACT_APP): Promise<LiveApp> {
  const app = await createTestApp({ root, log: () => {} });
  const { port } = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, origin: `http://127.0.0.1:${port}` };
}
