/**
 * Puts `typescript` into Node's require cache, compiled with V8's code cache: Node 20 has no
 * compile cache of its own, and compiling the compiler's 9 MB took ~130 ms of every cold
 * `svc dev`, `svc build` and `createTestApp` (loading svc's toolchain: 353–383 → 177–194 ms).
 *
 * The cache lives beside the installed compiler, in `node_modules/.cache/svcjs/` (where the
 * project's own tools keep theirs, writable by its owner), one file per compiler and Node
 * version. V8 checks it against the source and its own version and flags, and refuses a cache
 * that does not match; the compiler is then compiled as usual and the cache written afresh. A
 * cache that cannot be written only means the next start compiles again.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';

// Node's own require: the one a `.cts` file gets when an ES module loader hook (tsx) loads it
// has no `cache`.
const nodeRequire = createRequire(__filename);
const file = nodeRequire.resolve('typescript');
if (nodeRequire.cache[file] === undefined) nodeRequire.cache[file] = loadCompiled(file);

function loadCompiled(source: string): NodeJS.Module {
  const text = fs.readFileSync(source, 'utf8');
  const cacheFile = cachePath(source);
  const cachedData = readIfPresent(cacheFile);
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${text}\n})`, {
    filename: source,
    ...(cachedData && { cachedData }),
  });
  const module = { id: source, filename: source, loaded: false, exports: {}, children: [], paths: [] };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run(module.exports, createRequire(source), module, source, path.dirname(source));
  module.loaded = true;
  if (cachedData === undefined || script.cachedDataRejected === true) writeQuietly(cacheFile, script);
  return module as unknown as NodeJS.Module;
}

/** `<node_modules>/.cache/svcjs/typescript-<key>.v8cache`, keyed by the file and Node's version. */
function cachePath(source: string): string {
  const { size, mtimeMs } = fs.statSync(source);
  const key = createHash('sha256')
    .update(`${source}\0${size}\0${mtimeMs}\0${process.version}\0${process.arch}`)
    .digest('hex');
  const nodeModules = path.dirname(path.dirname(path.dirname(source)));
  return path.join(nodeModules, '.cache', 'svcjs', `typescript-${key.slice(0, 16)}.v8cache`);
}

function readIfPresent(cacheFile: string): Buffer | undefined {
  try {
    return fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

/** Written whole under another name, then renamed: a concurrent start never reads half a cache. */
function writeQuietly(cacheFile: string, script: vm.Script): void {
  const partial = `${cacheFile}.${process.pid}`;
  try {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(partial, script.createCachedData());
    fs.renameSync(partial, cacheFile);
  } catch {
    fs.rmSync(partial, { force: true });
  }
}
