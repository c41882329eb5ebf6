/**
 * Around-interceptors (`@Interceptor()` with `@Next()`): they wrap pre-interceptors, the handler
 * and post-interceptors; see a value and a throw alike; may replace the answer, time out, retry
 * or answer without calling `next()`; nest controller → route in the order written.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject } from '../../src/analyzer/index.js';
import { buildOpenApiDocument } from '../../src/entries/openapi.js';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { both, json, viaInject, type Reply } from '../runtime/helpers.js';

const root = fileURLToPath(new URL('../fixtures/runtime/around', import.meta.url));
let app: SvcApp;
let base: string;

before(async () => {
  app = await createTestApp({ root });
  base = (await app.listen({ host: '127.0.0.1', port: 0 })).url;
});
after(() => app.close());

interface Counters {
  cachedHandler: number;
  flakyAttempts: number;
  released: number;
}

async function counters(release = false): Promise<Counters> {
  const url = `/api/around/counters${release ? '?release=true' : ''}`;
  return json(await viaInject(app, { method: 'GET', url })) as Counters;
}

function assertTimed(reply: Reply): void {
  const header = reply.headers['x-time'];
  assert.equal(typeof header, 'string', `${reply.via}: x-time is set`);
  assert.ok(Number(header) >= 0, `${reply.via}: x-time is a duration, got ${String(header)}`);
}

test('a timing interceptor sets its header in finally: on success, with the handler value', () =>
  both(app, base, { method: 'GET', url: '/api/around/timed' }, (r) => {
    assert.equal(r.status, 200);
    assertTimed(r);
    assert.equal(r.headers['content-type'], 'application/json');
    assert.deepEqual(json(r), { ok: true });
  }));

test('... and on a thrown error, which still answers as that error (404 problem)', () =>
  both(app, base, { method: 'GET', url: '/api/around/timed/fail' }, (r) => {
    assert.equal(r.status, 404);
    assertTimed(r);
    assert.equal(r.headers['content-type'], 'application/problem+json');
    assert.equal((json(r) as { detail: string }).detail, 'No such thing');
  }));

test('a cache answers without calling next(): the handler never runs', async () => {
  const start = (await counters()).cachedHandler;
  await both(app, base, { method: 'GET', url: '/api/around/cached', headers: { 'X-Cached': 'yes' } }, (r) => {
    assert.equal(r.status, 200);
    assert.deepEqual(json(r), { from: 'cache' });
  });
  assert.equal((await counters()).cachedHandler, start);
  await both(app, base, { method: 'GET', url: '/api/around/cached' }, (r) => {
    assert.equal(r.status, 200);
    assert.deepEqual(json(r), { from: 'handler' });
  });
  assert.equal((await counters()).cachedHandler, start + 2);
});

test('a timeout answers 504 (a thrown HttpError) while the handler is still pending', async () => {
  await both(app, base, { method: 'GET', url: '/api/around/slow' }, (r) => {
    assert.equal(r.status, 504);
    assert.equal(r.headers['content-type'], 'application/problem+json');
    assert.deepEqual(json(r), {
      type: (json(r) as { type: string }).type,
      title: 'Gateway Timeout',
      status: 504,
      detail: 'No answer within 20 ms',
      instance: r.headers['x-request-id'],
    });
  });
  // Both handlers were still waiting; their late answers go nowhere.
  assert.equal((await counters(true)).released, 2);
});

test('an interceptor catches a thrown error and answers 200; post-interceptors ran only on a return', () =>
  both(app, base, { method: 'GET', url: '/api/around/rescue' }, (r) => {
    assert.equal(r.status, 200);
    assert.deepEqual(json(r), { rescued: 'boom' });
    assert.equal(r.headers['x-post'], undefined);
  }));

test('an interceptor retries by calling next() again', async () => {
  const before = (await counters()).flakyAttempts;
  await both(app, base, { method: 'GET', url: '/api/around/retry' }, (r) => {
    assert.equal(r.status, 200);
    assert.match(r.text, /^attempt \d+$/);
  });
  assert.equal((await counters()).flakyAttempts, before + 4);
});

test('around-interceptors nest controller → route in the order written, around pre, handler and post', () =>
  both(app, base, { method: 'GET', url: '/api/nest' }, (r) => {
    assert.equal(r.status, 200);
    assert.equal(r.headers['x-post'], 'ran');
    assert.deepEqual(json(r), {
      by: 'c1',
      inner: {
        by: 'c2',
        inner: {
          by: 'r',
          inner: { post: ['around:c1', 'around:c2', 'around:r', 'pre', 'handler'] },
        },
      },
    });
  }));

test('the document: an around-interceptor adds nothing, except the inputs it binds itself', () => {
  const result = analyzeProject({ root });
  assert.deepEqual(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const paths = buildOpenApiDocument(result.model!).paths;
  // The two differ by name only: operation id, and the summary made of the handler's name.
  const { operationId: plainId, summary: plainSummary, ...plain } = paths['/around/plain/{id}']?.get ?? {};
  const {
    operationId: wrappedId,
    summary: wrappedSummary,
    ...wrapped
  } = paths['/around/wrapped/{id}']?.get ?? {};
  assert.deepEqual([plainId, wrappedId], ['around_plain', 'around_wrapped']);
  assert.deepEqual([plainSummary, wrappedSummary], ['Plain', 'Wrapped']);
  assert.deepEqual(wrapped, plain);
  assert.deepEqual(
    (paths['/around/cached']?.get?.parameters ?? []).map((p) => [p.in, p.name, p.required]),
    [['header', 'x-cached', false]],
  );
});

test('@Next on a route handler or on another role is SVC_ERR_DECORATOR_TARGET naming the method', (t) => {
  const project = mkdtempSync(path.join(tmpdir(), 'svc-next-'));
  t.after(() => rmSync(project, { recursive: true, force: true }));
  const svc = fileURLToPath(new URL('../../src/index.ts', import.meta.url));
  const compilerOptions = {
    strict: true,
    target: 'ES2022',
    module: 'ES2022',
    moduleResolution: 'bundler',
    experimentalDecorators: true,
    types: [],
    noEmit: true,
    paths: { svcjs: [svc] },
  };
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions }));
  writeFileSync(
    path.join(project, 'app.ts'),
    [
      "import { component, Controller, Get, Guard, Next } from 'svcjs';",
      'class Gate {',
      '  @Guard() check(@Next() next: Next): boolean { void next; return true; }',
      '}',
      'export const UseGate = component(Gate);',
      "@Controller('x') @UseGate()",
      'export class X {',
      '  @Get() get(@Next() proceed: Next): string { void proceed; return "x"; }',
      '}',
      '',
    ].join('\n'),
  );
  const errors = analyzeProject({ root: project }).diagnostics.filter((d) => d.severity === 'error');
  assert.deepEqual(
    errors.map((d) => [d.code, d.line, d.message]),
    [
      [
        'SVC_ERR_DECORATOR_TARGET',
        3,
        "@Next is on parameter 'next' of Gate.check, a guard method; only an @Interceptor() method has a next() to bind",
      ],
      [
        'SVC_ERR_DECORATOR_TARGET',
        8,
        "@Next is on parameter 'proceed' of X.get, a route handler; only an @Interceptor() method has a next() to bind",
      ],
    ],
  );
});
