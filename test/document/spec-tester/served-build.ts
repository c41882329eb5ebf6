/**
 * An app served the way a user ships it: copied to a temporary project that resolves `svcjs` to
 * this repository's build, `svc build` (which writes the document), then `svc start` on a free
 * port. The tester reads the three documents svc build wrote on disk (3.0.3, 3.1, 3.2).
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO, RunningCli, waitForListening } from '../../cli/helpers.js';
import type { SpecDocument, SpecVersion } from './spec-types.js';
import { buildCached } from '../../support/cached-build.js';

export interface BuiltApp {
  root: string;
  base: string;
  documents: Record<SpecVersion, SpecDocument>;
  stop(): Promise<void>;
}

/** A copy of `source` whose tsconfig resolves `svcjs` from node_modules (the build), not the sources. */
function copyProject(source: string): string {
  const root = mkdtempSync(join(tmpdir(), 'svc-spec-tester-'));
  cpSync(join(source, 'src'), join(root, 'src'), { recursive: true });
  for (const file of ['svc.config.json']) {
    if (existsSync(join(source, file))) cpSync(join(source, file), join(root, file));
  }
  const tsconfig = JSON.parse(readFileSync(join(source, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: Record<string, unknown>;
  };
  delete tsconfig.compilerOptions.paths;
  delete tsconfig.compilerOptions.noEmit;
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({ name: 'spec-tester-app', private: true, type: 'module' }),
  );
  mkdirSync(join(root, 'node_modules'));
  symlinkSync(REPO, join(root, 'node_modules', 'svcjs'), 'dir');
  symlinkSync(join(REPO, 'node_modules', '@types'), join(root, 'node_modules', '@types'), 'dir');
  return root;
}

export async function buildAndStart(source: string): Promise<BuiltApp> {
  const root = copyProject(source);
  const build = await buildCached(root, [], 120_000);
  if (build.code !== 0) throw new Error(`svc build failed for ${source}:\n${build.stdout}\n${build.stderr}`);
  const read = (file: string) =>
    JSON.parse(readFileSync(join(root, '.svc', 'svc_swagger', file), 'utf8')) as SpecDocument;
  const documents = {
    '3.0.3': read('swagger.json'),
    '3.1': read('openapi-3.1.json'),
    '3.2': read('openapi-3.2.json'),
  };
  const cli = new RunningCli(['start', '--host', '127.0.0.1', '--port', '0'], root);
  const base = await waitForListening(cli);
  return {
    root,
    base,
    documents,
    async stop() {
      await cli.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
