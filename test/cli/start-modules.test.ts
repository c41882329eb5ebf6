/**
 * What `svc start` loads for an app that uses none of the features below: none of their modules.
 * Each is loaded only when the model or the settings say it is used (the reference page when the
 * `docs` option is on, svc's telemetry when an OpenTelemetry SDK registered, a rate-limit store
 * when a route is covered, ajv's code builder when a validator is compiled in the process, the
 * multipart parser when a multipart body is read) or,
 * for the supervisor's child process, only for an older build's entry.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { makeProject, removeProject, request, RunningCli, waitForListening } from './helpers.js';
import { buildCached } from '../support/cached-build.js';

/** Modules (by the end of their URL) of features the fixture app does not use. */
const UNUSED = [
  'node:child_process',
  'node:perf_hooks',
  '/dist/cli/child.js',
  '/dist/runtime/docs-page/index.js',
  '/dist/runtime/docs-page/handler.js',
  '/dist/runtime/docs-page/swagger-ui-assets.js',
  '/dist/runtime/telemetry/index.js',
  '/dist/runtime/telemetry/request-trace.js',
  '/dist/runtime/rate-limit/memory-store.js',
  '/dist/runtime/rate-limit/redis-store.js',
  // ajv's code builder (CommonJS): every validator of the build comes from its app-compiled.mjs.
  '/node_modules/ajv/dist/compile/codegen/index.js',
  // The multipart reader's parser: loaded on the first multipart body.
  '/node_modules/@fastify/busboy/index.js',
];

// A resolve hook that writes each URL the process resolves to $SVC_LOADED_FILE, one a line.
const HOOKS = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(process.env.SVC_LOADED_FILE, resolved.url + '\\n');
  return resolved;
}
`;

describe('svc start loads no module of a feature the app does not use', () => {
  let root: string;
  let cli: RunningCli | undefined;

  before(async () => {
    root = makeProject();
    const build = await buildCached(root);
    assert.equal(build.code, 0, build.stderr);
    writeFileSync(join(root, 'loaded-hooks.mjs'), HOOKS);
    writeFileSync(
      join(root, 'loaded-register.mjs'),
      "import { register } from 'node:module';\nregister('./loaded-hooks.mjs', import.meta.url);\n",
    );
  });
  after(async () => {
    await cli?.stop();
    removeProject(root);
  });

  it('the basic app, served and answering: no docs page, telemetry, rate-limit store, ajv or child process', async () => {
    const loadedFile = join(root, 'loaded.txt');
    writeFileSync(loadedFile, '');
    cli = new RunningCli(['start', '--host', '127.0.0.1', '--port', '0'], root, {
      NODE_OPTIONS: `--import=${join(root, 'loaded-register.mjs')}`,
      SVC_LOADED_FILE: loadedFile,
    });
    const url = await waitForListening(cli);
    assert.equal((await request(`${url}/api/books/1`)).status, 200);
    const loaded = readFileSync(loadedFile, 'utf8').split('\n');
    // The hook saw the runtime start the app, so an empty list below is not for want of looking.
    assert.ok(loaded.some((module) => module.endsWith('/dist/runtime/app/create-app.js')));
    assert.deepEqual(
      UNUSED.filter((unused) => loaded.some((module) => module.endsWith(unused))),
      [],
    );
  });
});
