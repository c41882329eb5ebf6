/**
 * What `npm pack` would publish: the built entries, the docs and the README, and nothing that
 * exists only for the tests. Reads the current dist/ (`npm test` builds first); scripts are
 * skipped so the check never rebuilds dist/ under tests that are running beside it.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface PackReport {
  readonly files: readonly { readonly path: string }[];
}

async function pack(): Promise<string[]> {
  const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
  const reports = JSON.parse(stdout) as PackReport[];
  assert.equal(reports.length, 1, 'npm pack reports one package');
  return reports[0]!.files.map((file) => file.path).sort();
}

function docPages(): string[] {
  return readdirSync(join(root, 'docs')).map((page) => `docs/${page}`);
}

/** `dist/a/b.js` (or `.d.ts`, `.js.map`, `.d.ts.map`) → `src/a/b.ts`. */
function sourceOf(distFile: string): string | undefined {
  const match = /^dist\/(.+?)(\.d\.ts\.map|\.js\.map|\.d\.ts|\.js)$/.exec(distFile);
  return match ? `src/${match[1]}.ts` : undefined;
}

let packed: Promise<string[]> | undefined;

/** One `npm pack` serves every case. */
function packedFiles(): Promise<string[]> {
  packed ??= pack();
  return packed;
}

const TEST_ONLY: readonly [description: string, pattern: RegExp][] = [
  ['the test/ folder', /^test\//],
  ['a fixture', /fixtures?\//],
  ['a *.test.* file', /\.test\.[cm]?[jt]s/],
  ['the router behaviour suite', /router\.behaviour/],
  ['the reference router', /reference-router/],
];

interface PackageJson {
  readonly main: string;
  readonly types: string;
  readonly bin: Record<string, string>;
  readonly exports: Record<string, string | Record<string, string>>;
}

/** Every file package.json points users at: main, types, bin and each export's targets. */
function entryFiles(): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
  const exportTargets = Object.values(pkg.exports).flatMap((target) =>
    typeof target === 'string' ? [target] : Object.values(target),
  );
  const targets = [pkg.main, pkg.types, ...Object.values(pkg.bin), ...exportTargets];
  return [...new Set(targets.map((target) => target.replace(/^\.\//, '')))].sort();
}

const REQUIRED = ['dist/index.js', 'dist/testing/index.js', 'dist/cli/main.js', 'README.md'];

describe('the npm package', () => {
  it('holds the entries, the docs and the README, and no test-only file', async () => {
    const files = await packedFiles();
    for (const [description, pattern] of TEST_ONLY) {
      assert.deepEqual(
        files.filter((file) => pattern.test(file)),
        [],
        `the package holds ${description}`,
      );
    }
    for (const file of [...REQUIRED, ...entryFiles()]) {
      assert.ok(files.includes(file), `the package lacks ${file}`);
    }
    assert.deepEqual(
      files.filter((file) => !file.startsWith('dist/')),
      [...docPages(), 'README.md', 'package.json'].sort(),
    );
  });

  it('ships no dist/ file whose source is gone from src/', async () => {
    const files = await packedFiles();
    const orphans = files.filter((file) => {
      const source = sourceOf(file);
      return source !== undefined && !existsSync(join(root, source));
    });
    assert.deepEqual(orphans, []);
  });
});
