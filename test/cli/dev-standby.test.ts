/**
 * `svc dev`'s standby process and what it loads. The standby (src/cli/dev-standby.ts) runs the
 * warm-up of the svcjs it imported while it waits, then the entry it is handed; an svcjs without
 * the warm-up still serves. The warm-up loads ajv, which the dev server otherwise loads on a
 * route's first request; the `svc dev` process itself never loads ajv (only its server does).
 * Each scenario runs in a child process: a module cache is per process.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { Standby } from '../../src/cli/dev-standby.js';
import { REPO } from './helpers.js';

/** Runs `code` (an ES module, under tsx) in a fresh node; resolves with its stdout. */
function runModule(code: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`exited ${code}: ${out}`))));
  });
}

/**
 * Prints the files of ajv and ajv-formats in the module cache after importing `module`, and again
 * after running `then`.
 */
const AJV_LOADED_AFTER = (module: string, then = '') => `
import { createRequire } from 'node:module';
const loaded = () => Object.keys(createRequire(import.meta.url).cache)
  .filter((file) => /\\/node_modules\\/ajv(-formats)?\\//.test(file))
  .map((file) => file.slice(file.lastIndexOf('/node_modules/') + 14));
const module = await import(${JSON.stringify(pathToFileURL(join(REPO, module)).href)});
const before = loaded();
${then}
console.log(JSON.stringify({ before, after: loaded() }));
`;

describe('svc dev: what each process loads', () => {
  it('the svc dev command loads no ajv (its server compiles validators, not it)', async () => {
    const out = JSON.parse(await runModule(AJV_LOADED_AFTER('src/cli/dev.ts')));
    assert.deepEqual(out, { before: [], after: [] });
  });

  it("the standby's warm-up loads ajv's compiler and ajv-formats, which a first compile would", async () => {
    const out = JSON.parse(
      await runModule(AJV_LOADED_AFTER('src/cli/dev-standby-warmup.ts', 'module.warmUpCompilers();')),
    ) as { before: string[]; after: string[] };
    // Loading svc's runtime takes only ajv's code templates (compile/codegen).
    assert.deepEqual(
      out.before.filter((file) => !file.startsWith('ajv/dist/compile/codegen/')),
      [],
    );
    const compilers = ['ajv/dist/2020.js', 'ajv/dist/compile/index.js', 'ajv-formats/dist/index.js'];
    assert.deepEqual(
      compilers.filter((file) => out.after.includes(file)),
      compilers,
    );
  });
});

/**
 * A project whose `svcjs` is a stand-in: its index and (when `warmUp`) its
 * cli/dev-standby-warmup.js report over the IPC channel, as does the entry.
 */
function standInProject(warmUp: boolean): { root: string; entry: string } {
  const root = mkdtempSync(join(tmpdir(), 'svc-standby-'));
  const svc = join(root, 'node_modules', 'svcjs');
  mkdirSync(join(svc, 'cli'), { recursive: true });
  const pkg = { name: 'svcjs', type: 'module', exports: { '.': './index.js' } };
  writeFileSync(join(svc, 'package.json'), JSON.stringify(pkg));
  writeFileSync(join(svc, 'index.js'), "process.send({ type: 'test:svcjs' });\n");
  if (warmUp)
    writeFileSync(
      join(svc, 'cli', 'dev-standby-warmup.js'),
      "export function warmUpCompilers() { process.send({ type: 'test:warm-up' }); }\n",
    );
  const entry = join(root, 'main.mjs');
  writeFileSync(entry, 'process.send({ type: `test:entry on PORT=${process.env.PORT}` });\n');
  return { root, entry };
}

/** Collects the child's test messages until one whose type starts with `last` came. */
function messagesUntil(child: ChildProcess, last: string): Promise<string[]> {
  const seen: string[] = [];
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string }) => {
      seen.push(message.type);
      if (!message.type.startsWith(last)) return;
      child.off('message', onMessage);
      resolve(seen);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`the standby exited (${code}) after ${seen.join(', ')}`)));
  });
}

describe('svc dev: the standby process', () => {
  const roots: string[] = [];
  const children: ChildProcess[] = [];
  after(() => {
    for (const child of children) child.kill('SIGKILL');
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  /** Makes a standby, takes it for a restart and hands it the entry. */
  async function run(warmUp: boolean): Promise<string[]> {
    const { root, entry } = standInProject(warmUp);
    roots.push(root);
    const standby = new Standby(join(root, '.svc', 'dev'), root, []);
    const env = { ...process.env, NODE_OPTIONS: '', PORT: '3000' };
    standby.prepare(env);
    // Taken back at once to talk to it, as a restart does; `after` ends it, even on a timeout.
    const child = standby.take(env);
    assert.ok(child, 'the spare is alive and made with this env');
    children.push(child);
    const idle = await messagesUntil(child, warmUp ? 'test:warm-up' : 'test:svcjs');
    const next = messagesUntil(child, 'test:entry');
    child.send({ type: 'svc:start', entry: pathToFileURL(entry).href });
    return [...idle, ...(await next)];
  }

  it(
    'runs the warm-up of the svcjs it loaded while it waits, then the entry',
    { timeout: 60_000 },
    async () => {
      assert.deepEqual(await run(true), ['test:svcjs', 'test:warm-up', 'test:entry on PORT=3000']);
    },
  );

  it('runs the entry when its svcjs has no warm-up', { timeout: 60_000 }, async () => {
    assert.deepEqual(await run(false), ['test:svcjs', 'test:entry on PORT=3000']);
  });
});
