/**
 * onInit/onShutdown hooks and createTestApp overrides over a real app (test/fixtures/di/hooks):
 * Database ← Repo ← BooksController, a BearerAuth guard with a decorator argument, a Clock given
 * by useFactory, and a src/main.ts that would write a marker file and listen if it ever ran.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { GuardResult } from '../../src/index.js';
import { SvcError } from '../../src/runtime/errors/svc-error.js';
import { createTestApp } from '../../src/testing/index.js';
import { Clock, Repo } from '../fixtures/di/hooks/src/services.js';
import { viaSocket } from '../runtime/helpers.js';

const root = fileURLToPath(new URL('../fixtures/di/hooks', import.meta.url));
const holder = globalThis as { svcHookEvents?: string[] };
const SECRET = { authorization: 'Bearer secret' };

/**
 * The decorated fixture file, as a test of that project would import it: with the project's
 * tsconfig (the repository's own leaves test/fixtures out, so decorators would not compile).
 */
async function bearerAuthClass(): Promise<new (realm: string) => object> {
  const file = join(root, 'src', 'auth.ts');
  const auth = (await tsImport(file, {
    parentURL: import.meta.url,
    tsconfig: join(root, 'tsconfig.json'),
  })) as {
    BearerAuth: new (realm: string) => object;
  };
  return auth.BearerAuth;
}

beforeEach(() => {
  holder.svcHookEvents = [];
});

describe('onInit and onShutdown', () => {
  test('onInit runs dependencies first, before the server listens; onShutdown in reverse on close', async () => {
    const app = await createTestApp({ root });
    const atStart = [...(holder.svcHookEvents ?? [])];
    try {
      const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
      const reply = await viaSocket(url, { method: 'GET', url: '/api/books', headers: SECRET });
      assert.equal(reply.status, 200);
      assert.deepEqual(JSON.parse(reply.text), { books: ['Dune', 'Emma'], today: '2026-01-01' });
    } finally {
      await app.close();
    }
    assert.deepEqual(atStart, [
      'Database.onInit',
      'Repo.onInit',
      'BooksController.onInit',
      'BearerAuth(books).onInit',
    ]);
    assert.deepEqual(holder.svcHookEvents?.slice(atStart.length), [
      'BearerAuth(books).onShutdown',
      'BooksController.onShutdown',
      'Repo.onShutdown',
      'Database.onShutdown',
    ]);
  });

  test('close runs the onShutdown hooks once, also for an app that never listened', async () => {
    const app = await createTestApp({ root });
    assert.equal((await app.inject({ method: 'GET', url: '/api/books' })).status, 401);
    await app.close();
    await app.close();
    const shutdowns = (holder.svcHookEvents ?? []).filter((event) => event.endsWith('.onShutdown'));
    assert.equal(shutdowns.length, 4);
  });

  test('a failing onInit stops start-up, naming the class', async () => {
    process.env.SVC_HOOKS_FAIL_INIT = 'Repo';
    try {
      await assert.rejects(createTestApp({ root }), (error: unknown) => {
        assert.ok(error instanceof SvcError);
        assert.equal(error.code, 'SVC_ERR_ON_INIT_FAILED');
        assert.equal(
          error.message,
          'Repo.onInit() failed: the database is not reachable [SVC_ERR_ON_INIT_FAILED]',
        );
        return true;
      });
      // Nothing after the failing hook ran.
      assert.deepEqual(holder.svcHookEvents, ['Database.onInit']);
    } finally {
      delete process.env.SVC_HOOKS_FAIL_INIT;
    }
  });
});

describe('createTestApp overrides', () => {
  test('a provider (useValue, useFactory) and a guard (useClass, with its decorator arguments) are replaced', async () => {
    const BearerAuth = await bearerAuthClass();
    const realms: string[] = [];
    class AllowAll {
      constructor(realm: string) {
        realms.push(realm);
      }

      check(): GuardResult {
        return GuardResult.pass();
      }
    }
    const app = await createTestApp({
      root,
      overrides: [
        { provide: Repo, useValue: { list: () => ['Fake'] } },
        { provide: Clock, useFactory: () => new Clock('1999-12-31') },
        { provide: BearerAuth, useClass: AllowAll },
      ],
    });
    try {
      const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
      const reply = await viaSocket(url, { method: 'GET', url: '/api/books' });
      assert.equal(reply.status, 200);
      assert.deepEqual(JSON.parse(reply.text), { books: ['Fake'], today: '1999-12-31' });
      assert.deepEqual(realms, ['books']);
      // Replaced classes were never built, so only the kept ones ran their hooks.
      assert.deepEqual(holder.svcHookEvents, ['BooksController.onInit']);
    } finally {
      await app.close();
    }
  });

  test('the overrides hold for that app only', async () => {
    const first = await createTestApp({ root, overrides: [{ provide: Repo, useValue: { list: () => [] } }] });
    const second = await createTestApp({ root });
    try {
      const reply = await second.inject({ method: 'GET', url: '/api/books', headers: SECRET });
      assert.deepEqual(reply.json(), { books: ['Dune', 'Emma'], today: '2026-01-01' });
      const faked = await first.inject({ method: 'GET', url: '/api/books', headers: SECRET });
      assert.deepEqual(faked.json(), { books: [], today: '2026-01-01' });
    } finally {
      await first.close();
      await second.close();
    }
  });

  test('an override without a class or with two forms is SVC_ERR_INVALID_OVERRIDE', async () => {
    const twoForms = { provide: Repo, useValue: {}, useFactory: () => ({}) };
    await assert.rejects(createTestApp({ root, overrides: [twoForms] }), {
      code: 'SVC_ERR_INVALID_OVERRIDE',
      message:
        "overrides[0] (Repo) needs a class in 'provide' and exactly one of useValue, useClass, useFactory " +
        '(it has useValue, useFactory) [SVC_ERR_INVALID_OVERRIDE]',
    });
  });
});

describe('createTestApp loads only the modules the app model names', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-main-marker-'));
    process.env.SVC_HOOKS_MAIN_MARKER = join(dir, 'ran.txt');
  });
  afterEach(() => {
    delete process.env.SVC_HOOKS_MAIN_MARKER;
    rmSync(dir, { recursive: true, force: true });
  });

  test("the project's src/main.ts (which writes a marker and listens) is never imported", async () => {
    const app = await createTestApp({ root });
    try {
      assert.deepEqual(app.model.modules, [
        'src/app.ts',
        'src/auth.ts',
        'src/books.controller.ts',
        'src/services.ts',
      ]);
      assert.equal((await app.inject({ method: 'GET', url: '/api/books', headers: SECRET })).status, 200);
    } finally {
      await app.close();
    }
    assert.equal(existsSync(process.env.SVC_HOOKS_MAIN_MARKER ?? ''), false);
  });
});
