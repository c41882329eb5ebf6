/**
 * `svc init` end to end, as a new user runs it: svc packed with `npm pack`, a project written by
 * `svc init` in a temporary folder, `npm install` (svcjs from the tarball, the rest from the npm
 * cache or registry), `npm test`, and `npm run dev` serving the API and its reference page.
 * The project's node_modules is seeded with this repository's packages first (seeded-modules.ts),
 * so npm checks them against every range and unpacks only svcjs and what the seed lacks.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO, runCli } from './helpers.js';
import { seedNodeModules } from './seeded-modules.js';

interface Run {
  code: number | null;
  output: string;
}

function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' };
  delete env.NODE_TEST_CONTEXT;
  delete env.NODE_OPTIONS;
  return env;
}

function run(command: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: npmEnv() });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** `npm run dev` in its own process group, so stopping it stops npm, svc dev and the server. */
function startDev(cwd: string) {
  const child = spawn('npm', ['run', 'dev', '--', '--host', '127.0.0.1', '--port', '0'], {
    cwd,
    env: npmEnv(),
    detached: true,
  });
  let output = '';
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /svc: API reference at (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void closed.then(() => reject(new Error(`npm run dev exited before serving:\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await closed;
  };
  return { listening, stop };
}

describe('svc init', () => {
  let work: string;
  let project: string;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'svc-init-'));
    const pack = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', work], REPO);
    assert.equal(pack.code, 0, pack.output);
    project = join(work, 'my-api');
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('writes package.json, tsconfig, a controller, a test, a README and .gitignore', async () => {
    const init = await runCli(['init', 'my-api'], work);
    assert.equal(init.code, 0, init.stderr);
    assert.match(init.stdout, /npm install && npm run dev/);
    const files = ['.gitignore', 'README.md', 'package.json', 'tsconfig.json'];
    assert.deepEqual(readdirSync(project).sort(), [...files, 'src', 'test'].sort());
    assert.deepEqual(readdirSync(join(project, 'src')), ['notes.controller.ts']);
    assert.deepEqual(readdirSync(join(project, 'test')), ['notes.test.ts']);
    const pkg = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Record<string, unknown>;
    const version = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string })
      .version;
    assert.equal(pkg.name, 'my-api');
    assert.deepEqual(pkg.dependencies, { svcjs: `^${version}` });
  });

  it('refuses a directory that is not empty, and a second operand', async () => {
    const again = await runCli(['init', 'my-api'], work);
    assert.equal(again.code, 1);
    assert.match(
      again.stderr,
      /my-api is not empty \(README\.md, package\.json, src, test, tsconfig\.json\)/,
    );
    const two = await runCli(['init', 'a', 'b'], work);
    assert.equal(two.code, 2);
    assert.match(two.stderr, /unexpected argument 'b'/);
  });

  it('installs, type-checks with tsc, passes npm test, and serves with npm run dev', async () => {
    // The registry does not have this build of svcjs: install the packed one.
    const pkgFile = join(project, 'package.json');
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { dependencies: Record<string, string> };
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))!;
    pkg.dependencies.svcjs = `file:../${tarball}`;
    writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
    const svcPkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    seedNodeModules(REPO, project, Object.keys(svcPkg.dependencies));

    const install = await run('npm', ['install', '--prefer-offline'], project);
    assert.equal(install.code, 0, install.output);
    // The user's own compiler (typescript 6 from the template) accepts the project as written.
    const typeCheck = await run('npx', ['tsc', '--noEmit'], project);
    assert.equal(typeCheck.code, 0, typeCheck.output);
    const test = await run('npm', ['test'], project);
    assert.equal(test.code, 0, test.output);
    assert.match(test.output, /# pass 2\n# fail 0/);

    const dev = startDev(project);
    try {
      const docs = await dev.listening;
      const notes = await fetch(new URL('/api/notes', docs));
      assert.equal(notes.status, 200);
      assert.deepEqual(await notes.json(), [{ id: '1', text: 'Read the svc docs' }]);
      const page = await fetch(docs);
      assert.equal(page.status, 200);
      assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
    } finally {
      await dev.stop();
    }
  });
});
