/** `svc init [dir]`: writes a new project into an empty (or new) directory. */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import type { CliOptions } from './args.js';
import { CliError } from './cli-error.js';
import { TEMPLATES } from './init-templates.js';
import { packageVersion } from './usage.js';

/** What may already be in the directory: a fresh `git init` or editor settings are fine. */
const TOLERATED = new Set(['.git', '.gitignore', '.vscode', '.idea', '.DS_Store']);

export async function runInit(options: CliOptions): Promise<number> {
  const dir = options.root;
  const taken = existsSync(dir) ? readdirSync(dir).filter((name) => !TOLERATED.has(name)) : [];
  if (taken.length > 0) {
    throw new CliError(
      `${dir} is not empty (${taken.sort().join(', ')}): svc init writes into a new or empty directory`,
    );
  }
  const values = { name: packageName(dir), svcRange: `^${packageVersion()}` };
  for (const [file, template] of Object.entries(TEMPLATES)) {
    const path = join(dir, file);
    if (file === '.gitignore' && existsSync(path)) continue;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, template(values));
  }
  const cd = relative(process.cwd(), dir);
  process.stdout.write(
    `svc: wrote a new project in ${dir}\n\n` +
      (cd === '' ? '' : `  cd ${cd}\n`) +
      '  npm install && npm run dev   # then open http://localhost:8080/docs\n' +
      '  npm test\n',
  );
  return 0;
}

/** The directory name as an npm package name: lower case, URL-safe, not starting with . or _. */
function packageName(dir: string): string {
  const name = basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[._-]+/, '');
  return name || 'svc-app';
}
