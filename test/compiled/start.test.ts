/**
 * `svc build` writes the validators and serializers as code (app-compiled.mjs) and `svc start`
 * loads them: the same answers as createApp compiling them in the process, nothing compiled at
 * start-up (a preload makes ajv's compile and the Function constructor throw), and a missing or
 * stale (or unloadable) module compiled at start with one warning.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { buildCached } from '../support/cached-build.js';
import { FORBID_TYPESCRIPT, REPO, removeProject, RunningCli, waitForListening } from '../cli/helpers.js';
import { answersOf, makeCompiledProject } from './project.js';

const FORBID_COMPILE = `--import=${join(REPO, 'test', 'compiled', 'forbid-compile', 'register.mjs')}`;
const WARNING = /svc: warning: .*compiled at start/g;

interface DistApp {
  listen(options: { host: string; port: number }): Promise<{ url: string }>;
  close(): Promise<unknown>;
}

describe('compiled validators and serializers', () => {
  let root: string;
  let compiledText: string;
  const running: RunningCli[] = [];
  const start = async (env: NodeJS.ProcessEnv = {}) => {
    const cli = new RunningCli(['start', '--host', '127.0.0.1', '--port', '0'], root, env);
    running.push(cli);
    return { cli, url: await waitForListening(cli) };
  };

  before(async () => {
    root = makeCompiledProject();
    const build = await buildCached(root);
    assert.equal(build.code, 0, build.stderr);
    compiledText = readFileSync(join(root, 'dist', 'app-compiled.mjs'), 'utf8');
  });
  after(async () => {
    await Promise.all(running.map((cli) => cli.stop()));
    removeProject(root);
  });

  it('svc build writes app-compiled.mjs beside the model and the compiled sources', () => {
    assert.deepEqual(
      new Set(readdirSync(join(root, 'dist'))),
      new Set([
        'answers.controller.js',
        'app-compiled.mjs',
        'app-model.json',
        'app.js',
        'checks.controller.js',
        'main.mjs',
        'models.js',
      ]),
    );
  });

  it('svc start compiles nothing to start, then answers 400s and serialized answers exactly as createApp does', async () => {
    // Compiling is an error until the server listens; an error listing's validator compiles later.
    const { cli, url } = await start({ NODE_OPTIONS: FORBID_COMPILE, SVC_TEST_FORBID_COMPILE: 'start-up' });
    const { createApp } = (await import(pathToFileURL(join(REPO, 'dist', 'index.js')).href)) as {
      createApp: (options: object) => Promise<DistApp>;
    };
    const model = JSON.parse(readFileSync(join(root, 'dist', 'app-model.json'), 'utf8')) as object;
    // A model object: createApp compiles everything in this process, as without a build.
    const app = await createApp({ model, baseDir: join(root, 'dist'), root, log: () => {} });
    try {
      const { url: inProcess } = await app.listen({ host: '127.0.0.1', port: 0 });
      assert.deepEqual(await answersOf(url), await answersOf(inProcess));
    } finally {
      await app.close();
    }
    assert.deepEqual(cli.output.match(WARNING), null);
    assert.doesNotMatch(cli.output, /must compile nothing/);
  });

  it('svc start compiles nothing: ajv compile and new Function throw in its processes', async () => {
    const { cli, url } = await start({ NODE_OPTIONS: `${FORBID_TYPESCRIPT.NODE_OPTIONS} ${FORBID_COMPILE}` });
    const rows = await fetch(`${url}/api/answers/rows`);
    assert.equal(rows.status, 200);
    assert.equal(
      await rows.text(),
      '[{"id":1,"name":"a\\"b","tags":["x"],"at":"1970-01-01T00:00:00.000Z","big":12345678901234567890,"kind":"a","note":null}]',
    );
    const search = await fetch(`${url}/api/checks/search?limit=0`);
    assert.equal(search.status, 400);
    const problem = (await search.json()) as { errors: unknown[] };
    assert.deepEqual(problem.errors, [{ in: 'query', name: 'limit', message: 'must be >= 1' }]);
    assert.doesNotMatch(cli.output, /must compile nothing/);
  });

  for (const [what, change] of [
    ['missing', () => rmSync(join(root, 'dist', 'app-compiled.mjs'))],
    [
      'stale (built from another model)',
      () =>
        writeFileSync(
          join(root, 'dist', 'app-compiled.mjs'),
          compiledText.replace(/stamp = "[^"]+"/, 'stamp = "other"'),
        ),
    ],
    [
      'cut short (not loadable)',
      () => writeFileSync(join(root, 'dist', 'app-compiled.mjs'), compiledText.slice(0, 200)),
    ],
  ] as const) {
    it(`a ${what} app-compiled.mjs: svc start compiles at start, says so once, answers the same`, async () => {
      change();
      try {
        const { cli, url } = await start();
        const search = await fetch(`${url}/api/checks/search?limit=0`);
        assert.equal(search.status, 400);
        const rows = await fetch(`${url}/api/answers/rows`);
        assert.equal(rows.status, 200);
        assert.equal((cli.output.match(WARNING) ?? []).length, 1, cli.output);
      } finally {
        writeFileSync(join(root, 'dist', 'app-compiled.mjs'), compiledText);
      }
    });
  }

  it('svc dev mode (NODE_ENV=development) compiles a route on its first request, not at start', async () => {
    const { cli, url } = await start({
      NODE_OPTIONS: FORBID_COMPILE,
      NODE_ENV: 'development',
    });
    // Listening under the preload proves start-up compiled nothing; the first request compiles.
    const rows = await fetch(`${url}/api/answers/rows`);
    assert.equal(rows.status, 500);
    assert.match(cli.output, /new Function called in a process that must compile nothing/);
  });
});
