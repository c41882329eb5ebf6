/**
 * What `import ... from 'svcjs'` costs every user program, and the analyzer's program of the
 * user's project: the declaration files it reaches. A small project with `"types": []` resolves
 * svc as a user's does (node_modules/svcjs links to this repository, so its dist/*.d.ts through
 * package.json "exports"). The public entry must reach only the modules that hold public types
 * and what they name, never svc's runtime internals (the route compiler, the request exchange)
 * and never `ws`'s types, whose `/// <reference types="node" />` would load all of @types/node
 * into a project that asked for none.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { after, test } from 'node:test';
import ts from 'typescript';
import { REPO } from '../cli/helpers.js';

/** Every svc declaration file a user's types may need; a new public module is added here on purpose. */
const PUBLIC_DECLARATIONS = [
  'dist/index.d.ts',
  'dist/model/app-model.d.ts',
  'dist/model/app-options.d.ts',
  'dist/model/error-catalogue.d.ts',
  'dist/model/framework-answers.d.ts',
  'dist/model/framework-provided.d.ts',
  'dist/model/json-schema.d.ts',
  'dist/model/operation-ids.d.ts',
  'dist/model/param-sources.d.ts',
  'dist/model/rate-limit.d.ts',
  'dist/model/rich-types.d.ts',
  'dist/model/sse-events.d.ts',
  'dist/runtime/app-types.d.ts',
  'dist/runtime/app/create-app.d.ts',
  'dist/runtime/context.d.ts',
  'dist/runtime/data-holder.d.ts',
  'dist/runtime/decorators/api-docs.d.ts',
  'dist/runtime/decorators/app.d.ts',
  'dist/runtime/decorators/components.d.ts',
  'dist/runtime/decorators/metadata.d.ts',
  'dist/runtime/decorators/params.d.ts',
  'dist/runtime/decorators/rate-limit.d.ts',
  'dist/runtime/decorators/routes.d.ts',
  'dist/runtime/decorators/targets.d.ts',
  'dist/runtime/di/override-types.d.ts',
  'dist/runtime/errors/catalogue.d.ts',
  'dist/runtime/errors/http-error.d.ts',
  'dist/runtime/errors/problem.d.ts',
  'dist/runtime/errors/svc-error.d.ts',
  'dist/runtime/errors/validation-error.d.ts',
  'dist/runtime/health/readiness-check.d.ts',
  'dist/runtime/http/set-cookie.d.ts',
  'dist/runtime/pubsub/event-ids.d.ts',
  'dist/runtime/pubsub/pubsub.d.ts',
  'dist/runtime/pubsub/subscription.d.ts',
  'dist/runtime/rate-limit/options.d.ts',
  'dist/runtime/response/disposition.d.ts',
  'dist/runtime/response/file-answer.d.ts',
  'dist/runtime/results.d.ts',
  'dist/runtime/streams/sse-event.d.ts',
  'dist/runtime/validation/types.d.ts',
];

const project = mkdtempSync(join(tmpdir(), 'svc-public-dts-'));
after(() => rmSync(project, { recursive: true, force: true }));

/** The program a user's project with `"types": []` gets: its one file imports `svcjs`. */
function userProgram(): ts.Program {
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(REPO, join(project, 'node_modules', 'svcjs'), 'dir');
  const main = join(project, 'main.ts');
  writeFileSync(
    main,
    "import { Controller, Get, createApp, type SvcApp } from 'svcjs';\n" +
      'export { Controller, Get, createApp, type SvcApp };\n',
  );
  writeFileSync(join(project, 'package.json'), '{"type":"module"}');
  return ts.createProgram([main], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: [],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
}

test('svcjs reaches only its public declaration files, and no @types/node, in a "types": [] project', () => {
  const program = userProgram();
  const repo = realpathSync(REPO) + sep;
  const files = program.getSourceFiles().map((file) => realpathSync(file.fileName));
  const svc = files
    .filter((file) => file.startsWith(repo) && !file.includes(`${sep}node_modules${sep}`))
    .map((file) => relative(repo, file).split(sep).join('/'))
    .sort();
  assert.deepEqual(svc, PUBLIC_DECLARATIONS);
  const nodeTypes = files.filter((file) =>
    /[\\/]node_modules[\\/](@types[\\/]|undici-types[\\/])/.test(file),
  );
  assert.deepEqual(nodeTypes, []);
  const errors = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  assert.deepEqual(errors, []);
});
