import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { makeProject, removeProject, runCli, REPO } from './helpers.js';

const projects: string[] = [];
function project(): string {
  const dir = makeProject();
  projects.push(dir);
  return dir;
}
after(() => projects.forEach(removeProject));

describe('svc build', () => {
  let root: string;
  let result: Awaited<ReturnType<typeof runCli>>;
  before(async () => {
    root = project();
    result = await runCli(['build', '--root', root], REPO);
  });

  it('exits 0 and writes both spec files with the same document', () => {
    assert.equal(result.code, 0, result.stderr);
    const json = JSON.parse(readFileSync(join(root, '.svc/svc_swagger/swagger.json'), 'utf8'));
    const yaml = readFileSync(join(root, '.svc/svc_swagger/swagger.yaml'), 'utf8');
    assert.equal(json.openapi, '3.0.3');
    assert.deepEqual(Object.keys(json.paths).sort(), ['/books', '/books/{id}']);
    assert.deepEqual(json.servers, [{ url: '/api' }]);
    assert.match(yaml, /^openapi: 3\.0\.3$/m);
    assert.match(yaml, /\/books\/\{id\}:/);
  });

  it('compiles into dist laid out like tsc, with the app model and the entry', () => {
    assert.ok(existsSync(join(root, 'dist/books.controller.js')));
    assert.ok(existsSync(join(root, 'dist/main.mjs')));
    const model = JSON.parse(readFileSync(join(root, 'dist/app-model.json'), 'utf8'));
    assert.deepEqual(model.modules.slice().sort(), ['app.js', 'book-store.js', 'books.controller.js']);
    assert.equal(model.controllers[0].module, 'books.controller.js');
    assert.deepEqual(JSON.parse(readFileSync(join(root, '.svc/build.json'), 'utf8')), {
      entry: 'dist/main.mjs',
    });
  });

  it('prints where the build went', () => {
    assert.match(result.stdout, /compiled 3 file\(s\) into dist/);
  });
});

describe('svc build errors', () => {
  it('exits 1 and names file:line for an analysis error', async () => {
    const root = project();
    const file = join(root, 'src/books.controller.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('get(@Param() id: string)', 'get(id: string)'));
    const { code, stderr } = await runCli(['build'], root);
    assert.equal(code, 1);
    assert.match(stderr, /^src\/books\.controller\.ts:\d+: error: .*\[SVC_ERR_UNBOUND_PARAMETER\]$/m);
    assert.match(stderr, /svc: build failed with \d+ analysis error\(s\)/);
    assert.ok(!existsSync(join(root, 'dist')));
  });

  it('prints one line for a missing tsconfig.json', async () => {
    const root = project();
    rmSync(join(root, 'tsconfig.json'));
    const { code, stderr } = await runCli(['build', '--root', root], REPO);
    assert.equal(code, 1);
    assert.match(stderr, /^error: no tsconfig\.json .*\[SVC_ERR_TSCONFIG_MISSING\]$/m);
  });

  it('prints one line with tsconfig.json:line when experimentalDecorators is off', async () => {
    const root = project();
    const file = join(root, 'tsconfig.json');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('"experimentalDecorators": true', '"experimentalDecorators": false'),
    );
    const { code, stderr } = await runCli(['build'], root);
    assert.equal(code, 1);
    assert.match(stderr, /^tsconfig\.json:\d+: error: .*\[SVC_ERR_DECORATORS_DISABLED\]$/m);
  });

  it('prints one line when there are no controllers', async () => {
    const root = project();
    rmSync(join(root, 'src/books.controller.ts'));
    const { code, stderr } = await runCli(['build'], root);
    assert.equal(code, 1);
    assert.match(stderr, /^error: no class .*@Controller.*\[SVC_ERR_NO_CONTROLLERS\]$/m);
  });
});

describe('svc command line', () => {
  it('--help prints the usage and exits 0', async () => {
    const { code, stdout } = await runCli(['--help'], REPO);
    assert.equal(code, 0);
    assert.match(stdout, /^Usage: svc <command> \[options\]/);
    assert.match(stdout, /dev\s+analyze/);
  });

  it('--version prints the package version', async () => {
    const { code, stdout } = await runCli(['--version'], REPO);
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
    assert.equal(code, 0);
    assert.equal(stdout, `${pkg.version}\n`);
  });

  it('an unknown command prints the usage and exits 2', async () => {
    const { code, stderr } = await runCli(['serve'], REPO);
    assert.equal(code, 2);
    assert.match(stderr, /^svc: unknown command 'serve'$/m);
    assert.match(stderr, /Usage: svc <command>/);
  });

  it('an unknown option exits 2', async () => {
    const { code, stderr } = await runCli(['build', '--fast'], REPO);
    assert.equal(code, 2);
    assert.match(stderr, /--fast/);
  });

  it('svc start without a build exits 1 with SVC_ERR_BUILD_MISSING', async () => {
    const root = project();
    const { code, stderr } = await runCli(['start'], root);
    assert.equal(code, 1);
    assert.match(
      stderr,
      /^svc: no build found at dist\/main\.mjs: run `svc build` first \[SVC_ERR_BUILD_MISSING\]$/m,
    );
  });
});
