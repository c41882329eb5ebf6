/**
 * An app runs the same under tsc, tsx/esbuild and svc's own runner (docs/getting-started.md).
 * One project (test/fixtures/run-modes/app: a guarded controller with path, query and body
 * inputs, an @App with a provider, and the user's own entry src/main.ts that imports only the
 * controller) is built once, then served three ways over a real socket (plus an esbuild bundle);
 * each answers the same requests with the same status, headers and body.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import {
  FORBID_TYPESCRIPT,
  REPO,
  RunningCli,
  makeProject,
  removeProject,
  waitForListening,
} from '../cli/helpers.js';
import { runNode, ServerProcess } from './server-process.js';
import { buildCached } from '../support/cached-build.js';

const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
const TSX_PATH = createRequire(join(REPO, 'package.json')).resolve('tsx');
const TSX = pathToFileURL(TSX_PATH).href;

interface Esbuild {
  build(options: Record<string, unknown>): Promise<unknown>;
}
/** esbuild comes with tsx (a devDependency of svc), so it is resolved from there. */
const esbuild = (): Esbuild => createRequire(TSX_PATH)('esbuild') as Esbuild;

interface Exchange {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const KEY = { 'x-api-key': 'secret' };
const JSON_KEY = { ...KEY, 'content-type': 'application/json' };
const EXCHANGES: Exchange[] = [
  { method: 'GET', path: '/api/users/42', headers: KEY },
  { method: 'GET', path: '/api/users/42?loud=true', headers: KEY },
  { method: 'GET', path: '/api/users/42?loud=maybe', headers: KEY },
  { method: 'GET', path: '/api/users/42' },
  {
    method: 'POST',
    path: '/api/users/7/notes?loud=1',
    headers: JSON_KEY,
    body: '{"text":"hi","tags":["a"]}',
  },
  { method: 'POST', path: '/api/users/7/notes', headers: JSON_KEY, body: '{"tags":"a"}' },
  { method: 'POST', path: '/api/users/7/notes', headers: JSON_KEY, body: '{"text":' },
  { method: 'GET', path: '/api/users/7/notes', headers: KEY },
  { method: 'GET', path: '/api/nowhere' },
];

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers that differ per connection or per second are left out. */
const VOLATILE = new Set(['date', 'connection', 'keep-alive']);

/** Each exchange sends its own request id, so the echoed ids (header, problem instance) agree too. */
async function ask(url: string, exchange: Exchange, index: number): Promise<Answer> {
  const response = await fetch(url + exchange.path, {
    method: exchange.method,
    headers: { 'x-request-id': `exchange-${index}`, ...exchange.headers },
    ...(exchange.body !== undefined && { body: exchange.body }),
    signal: AbortSignal.timeout(10_000),
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of [...response.headers].sort()) if (!VOLATILE.has(name)) headers[name] = value;
  return { status: response.status, headers, body: await response.text() };
}

async function askAll(url: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const [index, exchange] of EXCHANGES.entries()) answers.push(await ask(url, exchange, index));
  return answers;
}

/** What the app must answer, whichever way it runs (status, content type, body). */
function assertExpected(answers: Answer[]): void {
  const summary = answers.map((answer) => [answer.status, answer.headers['content-type'], answer.body]);
  const problem = 'application/problem+json';
  assert.deepEqual(summary.slice(0, 2), [
    [200, 'text/plain; charset=utf-8', 'hello, 42'],
    [200, 'text/plain; charset=utf-8', 'HELLO, 42'],
  ]);
  assert.deepEqual(summary[2]?.slice(0, 2), [400, problem]);
  assert.deepEqual(summary[3], [401, 'text/plain; charset=utf-8', 'missing or wrong x-api-key']);
  assert.deepEqual(summary[4], [
    201,
    'application/json',
    '{"text":"hi","tags":["a"],"userId":"7","loud":true}',
  ]);
  assert.deepEqual(
    summary.slice(5).map((row) => row.slice(0, 2)),
    [
      [400, problem],
      [400, problem],
      [405, problem],
      [404, problem],
    ],
  );
  assert.equal(answers[7]?.headers.allow, 'OPTIONS, POST');
}

describe('run modes: tsc + node, tsx, svc start', () => {
  let root: string;
  const servers: { stop(): Promise<unknown> }[] = [];
  const answers = new Map<string, Answer[]>();

  before(async () => {
    root = makeProject('../run-modes/app');
    const build = await buildCached(root);
    assert.equal(build.code, 0, build.stderr);
  });
  after(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    removeProject(root);
  });

  it('svc build writes .svc/app-model.json: source module paths plus the tsconfig layout', () => {
    const model = JSON.parse(readFileSync(join(root, '.svc', 'app-model.json'), 'utf8'));
    assert.deepEqual(model.modules, [
      'src/api-key.guard.ts',
      'src/app.ts',
      'src/greeter.ts',
      'src/users.controller.ts',
    ]);
    assert.equal(model.controllers[0].module, 'src/users.controller.ts');
    assert.deepEqual(model.compile, { rootDir: 'src', outDir: 'dist' });
    const built = JSON.parse(readFileSync(join(root, 'dist', 'app-model.json'), 'utf8'));
    assert.equal(built.controllers[0].module, 'users.controller.js');
    assert.equal(built.compile, undefined);
  });

  it('tsc, then `node dist/main.js` (the user entry): the model maps src/*.ts to dist/*.js', async () => {
    const tsc = await runNode([TSC, '-p', '.'], root);
    assert.equal(tsc.code, 0, tsc.output);
    const server = new ServerProcess(['dist/main.js'], root, FORBID_TYPESCRIPT);
    servers.push(server);
    const found = await askAll(await server.url());
    assertExpected(found);
    answers.set('tsc', found);
    assert.doesNotMatch(server.output, /typescript must not be loaded/);
  });

  it('`node --import tsx src/main.ts`: the model’s .ts modules are imported as they are', async () => {
    const server = new ServerProcess(['--import', TSX, 'src/main.ts'], root);
    servers.push(server);
    const found = await askAll(await server.url());
    assertExpected(found);
    answers.set('tsx', found);
  });

  it('`svc start` (the generated entry) after svc build', async () => {
    const cli = new RunningCli(['start', '--host', '127.0.0.1', '--port', '0'], root, FORBID_TYPESCRIPT);
    servers.push(cli);
    const found = await askAll(await waitForListening(cli));
    assertExpected(found);
    answers.set('start', found);
  });

  it('`node <root>/dist/main.js` from another directory finds the model next to the running code', async () => {
    const server = new ServerProcess([join(root, 'dist', 'main.js')], tmpdir(), FORBID_TYPESCRIPT);
    servers.push(server);
    const answer = await ask(await server.url(), EXCHANGES[1]!, 1);
    assert.equal(answer.body, 'HELLO, 42');
  });

  it('an esbuild bundle: every decorated class is in the bundle, so createApp() imports nothing', async () => {
    await esbuild().build({
      entryPoints: [join(root, 'src', 'bundle.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      external: ['svcjs'],
      outfile: join(root, 'bundle', 'main.mjs'),
      logLevel: 'silent',
    });
    // No compiled files to fall back on: anything createApp() imported would fail.
    rmSync(join(root, 'dist'), { recursive: true, force: true });
    const server = new ServerProcess(['bundle/main.mjs'], root, FORBID_TYPESCRIPT);
    servers.push(server);
    const found = await askAll(await server.url());
    assertExpected(found);
    answers.set('bundle', found);
  });

  it('all four answer identically, headers included', () => {
    assert.deepEqual([...answers.keys()], ['tsc', 'tsx', 'start', 'bundle']);
    for (const mode of ['tsx', 'start', 'bundle'])
      assert.deepEqual(answers.get(mode), answers.get('tsc'), mode);
  });
});

describe('svc dev writes the model too', () => {
  let root: string;
  let dev: RunningCli | undefined;
  before(() => {
    root = makeProject('../run-modes/app');
  });
  after(async () => {
    await dev?.stop();
    removeProject(root);
  });

  it('so `node --import tsx src/main.ts` runs beside a running `svc dev`', async () => {
    dev = new RunningCli(['dev', '--host', '127.0.0.1', '--port', '0'], root);
    await waitForListening(dev);
    const model = JSON.parse(readFileSync(join(root, '.svc', 'app-model.json'), 'utf8'));
    assert.deepEqual(model.compile, { rootDir: 'src', outDir: 'dist' });
    const server = new ServerProcess(['--import', TSX, 'src/main.ts'], root);
    try {
      const answer = await ask(await server.url(), EXCHANGES[4]!, 4);
      assert.equal(answer.status, 201);
      assert.equal(answer.body, '{"text":"hi","tags":["a"],"userId":"7","loud":true}');
    } finally {
      await server.stop();
    }
  });
});
