/**
 * The compiler is loaded through V8's code cache (src/analyzer/typescript-code-cache.cts): the
 * cache is written beside the installed compiler on first use, taken as it is afterwards, and a
 * cache that is not V8's (damaged, or from elsewhere) is refused and written afresh, the compiler
 * working in every case. Run on a copy of the compiler in a temporary node_modules, so the
 * repository's own cache is not touched; the built module (dist/) is what is loaded.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const PROBE = `
require('./loader/typescript-code-cache.cjs');
const ts = require('typescript');
const file = ts.createSourceFile('a.ts', 'const a: number = 1;', ts.ScriptTarget.ES2022);
console.log(JSON.stringify({ version: ts.version, statements: file.statements.length }));
`;

describe('the compiler through V8’s code cache', () => {
  let dir: string;
  let cacheDir: string;
  const version = (createRequire(import.meta.url)('typescript') as { version: string }).version;
  const run = () => JSON.parse(execFileSync(process.execPath, ['probe.cjs'], { cwd: dir, encoding: 'utf8' }));
  const cacheFiles = () => readdirSync(cacheDir).filter((name) => name.endsWith('.v8cache'));

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'svc-code-cache-'));
    const compiler = path.join(dir, 'node_modules', 'typescript');
    mkdirSync(path.join(compiler, 'lib'), { recursive: true });
    const installed = path.dirname(createRequire(import.meta.url).resolve('typescript/package.json'));
    copyFileSync(path.join(installed, 'package.json'), path.join(compiler, 'package.json'));
    copyFileSync(path.join(installed, 'lib', 'typescript.js'), path.join(compiler, 'lib', 'typescript.js'));
    mkdirSync(path.join(dir, 'loader'));
    copyFileSync(
      path.join(repo, 'dist', 'analyzer', 'typescript-code-cache.cjs'),
      path.join(dir, 'loader', 'typescript-code-cache.cjs'),
    );
    writeFileSync(path.join(dir, 'probe.cjs'), PROBE);
    cacheDir = path.join(dir, 'node_modules', '.cache', 'svcjs');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the cache on first use, and takes it as it is on the next', () => {
    assert.deepEqual(run(), { version, statements: 1 });
    const [written] = cacheFiles();
    assert.ok(written, 'a cache file was written');
    const first = statSync(path.join(cacheDir, written));
    assert.deepEqual(run(), { version, statements: 1 });
    assert.deepEqual(cacheFiles(), [written]);
    assert.equal(
      statSync(path.join(cacheDir, written)).mtimeMs,
      first.mtimeMs,
      'an accepted cache is not rewritten',
    );
  });

  it('refuses a damaged cache, still works, and writes a good one in its place', () => {
    const [name] = cacheFiles();
    const file = path.join(cacheDir, name as string);
    writeFileSync(file, Buffer.from('not a V8 code cache'));
    assert.deepEqual(run(), { version, statements: 1 });
    assert.deepEqual(cacheFiles(), [name]);
    assert.ok(readFileSync(file).length > 1000, 'the damaged cache was replaced by a real one');
    const replaced = statSync(file).mtimeMs;
    assert.deepEqual(run(), { version, statements: 1 });
    assert.equal(statSync(file).mtimeMs, replaced, 'the new cache is taken as it is');
  });
});
