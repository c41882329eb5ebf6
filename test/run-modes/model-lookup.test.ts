/**
 * How createApp() finds the app model and its modules: the lookup order, the one-line error,
 * the `.ts` → emitted `.js` mapping, the choice between them, and the decorator-registry check
 * that keeps a class from being loaded twice.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { AppModel } from '../../src/model/app-model.js';
import { APP_MODEL_VERSION } from '../../src/model/app-model.js';
import { Controller } from '../../src/runtime/decorators/routes.js';
import { loadModel } from '../../src/runtime/app/load-model.js';
import { emittedCandidates } from '../../src/runtime/app/model-file.js';
import { ModuleLoader } from '../../src/runtime/app/module-loader.js';
import { ModuleLocator } from '../../src/runtime/app/module-locator.js';
import { SvcError } from '../../src/runtime/errors/svc-error.js';
import { REPO } from '../cli/helpers.js';
import { runNode } from './server-process.js';

const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A temporary directory holding `files` (path → text). */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-run-modes-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function modelJson(extra: Record<string, unknown> = {}): string {
  const model = {
    version: APP_MODEL_VERSION,
    prefix: '/api',
    host: 'localhost',
    port: 8080,
    info: { title: 'API', version: '1.0.0' },
    controllers: [],
    components: [],
    schemas: {},
    modules: [],
  };
  return JSON.stringify({ ...model, ...extra });
}

function inDirectory<T>(dir: string, run: () => Promise<T>): Promise<T> {
  const previous = process.cwd();
  process.chdir(dir);
  return run().finally(() => process.chdir(previous));
}

describe('finding the model', () => {
  it('reads <root>/.svc/app-model.json: paths relative to the root, with its compile mapping', async () => {
    const compile = { rootDir: 'src', outDir: 'dist' };
    const root = project({ '.svc/app-model.json': modelJson({ compile }) });
    const loaded = await loadModel({ root });
    assert.equal(loaded.baseDir, root);
    assert.deepEqual(loaded.compile, compile);
  });

  it('no model: SVC_ERR_MODEL_MISSING, one line naming the file and the fix', async () => {
    const root = project({});
    await assert.rejects(loadModel({ root }), (error: SvcError) => {
      assert.equal(error.code, 'SVC_ERR_MODEL_MISSING');
      assert.equal(
        error.message,
        `no app model at ${join(root, '.svc/app-model.json')}: run \`svc build\` or \`svc dev\` first [SVC_ERR_MODEL_MISSING]`,
      );
      return true;
    });
  });

  it('without a root option and none in the working directory: the build model beside the main script', async () => {
    const built = project({ 'dist/app-model.json': modelJson(), 'dist/main.js': '' });
    const elsewhere = project({});
    const loaded = await inDirectory(elsewhere, () => loadModel({}, join(built, 'dist', 'main.js')));
    assert.equal(loaded.baseDir, join(built, 'dist'));
    assert.equal(loaded.compile, undefined);
  });

  it('…else the nearest .svc/app-model.json above the main script', async () => {
    const root = project({ '.svc/app-model.json': modelJson({ compile: { rootDir: '.', outDir: '.' } }) });
    const elsewhere = project({});
    const loaded = await inDirectory(elsewhere, () => loadModel({}, join(root, 'src', 'main.ts')));
    assert.equal(loaded.baseDir, root);
  });

  it('the working directory wins over the main script; an explicit root is the only place looked at', async () => {
    const cwdRoot = project({ '.svc/app-model.json': modelJson() });
    const built = project({ 'dist/app-model.json': modelJson() });
    const main = join(built, 'dist', 'main.js');
    assert.equal((await inDirectory(cwdRoot, () => loadModel({}, main))).baseDir, cwdRoot);
    const empty = project({});
    await assert.rejects(loadModel({ root: empty }, main), /SVC_ERR_MODEL_MISSING/);
  });
});

describe('where the JavaScript of a source module is', () => {
  it('through rootDir/outDir first, then beside the source', () => {
    const mapping = { rootDir: 'src', outDir: 'dist' };
    assert.deepEqual(emittedCandidates('src/a/b.ts', mapping), ['dist/a/b.js', 'src/a/b.js']);
    assert.deepEqual(emittedCandidates('src/m.mts', mapping), ['dist/m.mjs', 'src/m.mjs']);
    assert.deepEqual(emittedCandidates('src/c.cts', { rootDir: '.', outDir: 'out' }), [
      'out/src/c.cjs',
      'src/c.cjs',
    ]);
    assert.deepEqual(emittedCandidates('lib/x.ts', mapping), ['lib/x.js']);
    assert.deepEqual(emittedCandidates('src/a.ts', undefined), ['src/a.js']);
  });
});

describe('choosing .ts or the emitted .js', () => {
  const files = {
    'src/where.ts': "export const where: string = 'ts';\n",
    'dist/where.js': "export const where = 'js';\n",
    'package.json': '{"type":"module"}\n',
  };
  const mapping = { rootDir: 'src', outDir: 'dist' };

  it('a process that loads TypeScript (this one runs under tsx) imports the .ts source', async () => {
    const root = project(files);
    const locator = new ModuleLocator(root, mapping, join(REPO, 'test', 'some.test.ts'));
    assert.equal((await locator.import('src/where.ts')).where, 'ts');
  });

  it('a main script that is compiled project code means the emitted .js, even under a TypeScript loader', async () => {
    const root = project(files);
    const locator = new ModuleLocator(root, mapping, join(root, 'dist', 'main.js'));
    assert.equal((await locator.import('src/where.ts')).where, 'js');
  });

  it('no emitted file: SVC_ERR_NOT_COMPILED naming the module and where it looked', async () => {
    const root = project({ 'src/where.ts': files['src/where.ts'] });
    const locator = new ModuleLocator(root, mapping, join(root, 'dist', 'main.js'));
    await assert.rejects(locator.import('src/where.ts'), (error: SvcError) => {
      assert.equal(error.code, 'SVC_ERR_NOT_COMPILED');
      assert.match(
        error.message,
        /cannot import src\/where\.ts: .* no compiled dist\/where\.js or src\/where\.js/,
      );
      return true;
    });
  });

  it('plain node refuses the .ts file, so the emitted .js is imported instead (built dist/)', async () => {
    const root = project(files);
    const locatorUrl = new URL('dist/runtime/app/module-locator.js', `file://${REPO}/`).href;
    const script = [
      `const { ModuleLocator } = await import(${JSON.stringify(locatorUrl)});`,
      `const locator = new ModuleLocator(${JSON.stringify(root)}, ${JSON.stringify(mapping)}, undefined);`,
      `console.log((await locator.import('src/where.ts')).where);`,
    ].join('\n');
    const run = await runNode(['--input-type=module', '-e', script], root);
    assert.equal(run.code, 0, run.output);
    assert.equal(run.output.trim(), 'js');
  });
});

@Controller('already')
class AlreadyImportedController {}

describe('the decorator registry is checked first', () => {
  const model = (module: string): AppModel =>
    JSON.parse(
      modelJson({
        controllers: [{ className: AlreadyImportedController.name, module, file: module, line: 1 }],
        modules: [module, 'src/only-dependencies.ts'],
      }),
    ) as AppModel;

  it('a module whose decorated classes are registered is not imported again; dependency modules wait', async () => {
    const root = project({});
    const loader = new ModuleLoader(new ModuleLocator(root, undefined, undefined));
    // Neither file exists: importing either would throw.
    assert.deepEqual(await loader.loadAll(model('src/already.controller.ts')), {});
  });

  it('a module with a class not registered yet is imported', async () => {
    const root = project({
      'src/other.ts': 'export const loaded = true;\n',
      'package.json': '{"type":"module"}\n',
    });
    const other = JSON.parse(
      modelJson({
        controllers: [{ className: 'NeverRegisteredController', module: 'src/other.ts', file: '', line: 1 }],
        modules: ['src/other.ts'],
      }),
    ) as AppModel;
    const loader = new ModuleLoader(new ModuleLocator(root, undefined, undefined));
    const namespaces = await loader.loadAll(other);
    assert.equal(namespaces['src/other.ts']?.loaded, true);
  });

  it('a dependency class that is registered is used as it is', async () => {
    const loader = new ModuleLoader(new ModuleLocator(project({}), undefined, undefined));
    const found = await loader.loadClass({
      name: 'controller',
      index: 0,
      typeName: AlreadyImportedController.name,
      module: 'src/nowhere.ts',
      exportName: AlreadyImportedController.name,
    });
    assert.equal(found, AlreadyImportedController);
  });
});
