/**
 * The example bookstore served by the real `svc dev` (dist/cli) from a temporary copy, for the
 * reference page tests: a user's layout (`node_modules/svcjs` links this repository, so the
 * project imports the built `svcjs`), with no tsconfig `paths` into svc's sources.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { REPO, RunningCli, waitForListening } from '../cli/helpers.js';

export interface DevBookstore {
  /** The temporary project root. */
  root: string;
  /** `http://127.0.0.1:<port>`, set once the file's `before` hook ran. */
  base: string;
}

/** Copies the example, starts `svc dev` on it before the file's tests, stops it after. */
export function devBookstore(): DevBookstore {
  const served = {} as DevBookstore;
  let cli: RunningCli | undefined;
  before(async () => {
    served.root = copyBookstore();
    cli = new RunningCli(['dev', '--root', served.root, '--host', '127.0.0.1', '--port', '0'], REPO);
    served.base = new URL(await waitForListening(cli)).origin;
  });
  after(async () => {
    await cli?.stop();
    rmSync(served.root, { recursive: true, force: true });
  });
  return served;
}

function copyBookstore(): string {
  const root = mkdtempSync(join(tmpdir(), 'svc-docs-page-'));
  cpSync(join(REPO, 'examples', 'bookstore', 'src'), join(root, 'src'), { recursive: true });
  const tsconfig = JSON.parse(readFileSync(join(REPO, 'examples', 'bookstore', 'tsconfig.json'), 'utf8')) as {
    compilerOptions: Record<string, unknown>;
  };
  delete tsconfig.compilerOptions.paths;
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({ name: 'bookstore', private: true, type: 'module' }),
  );
  mkdirSync(join(root, 'node_modules'));
  symlinkSync(REPO, join(root, 'node_modules', 'svcjs'), 'dir');
  symlinkSync(join(REPO, 'node_modules', '@types'), join(root, 'node_modules', '@types'), 'dir');
  return root;
}
