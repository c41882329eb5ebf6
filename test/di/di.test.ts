/**
 * Constructor injection over a real app: transitive providers, the four provider forms, two
 * same-named classes in different files, and the start-up errors for a missing provider, an
 * unregistered class with parameters and a cycle.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SvcError } from '../../src/runtime/errors/svc-error.js';
import { createTestApp } from '../../src/testing/index.js';
import { viaSocket } from '../runtime/helpers.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/di/${name}`, import.meta.url));

describe('providers are injected by declared type, transitively', () => {
  test('A(B(C)), useValue, useFactory, useClass and two classes named Store, as singletons', async () => {
    const app = await createTestApp({ root: fixture('app') });
    try {
      const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
      const reply = await viaSocket(url, { method: 'GET', url: '/api/report' });
      assert.equal(reply.status, 200);
      assert.deepEqual(JSON.parse(reply.text), {
        chain: 'ReportService(Repo(Database:memory))',
        greeting: 'hello',
        mail: 'mail to ada at noon',
        stores: ['billing', 'catalog'],
        oneRepo: true,
        reposCreated: 1,
      });
    } finally {
      await app.close();
    }
  });

  test('a parameter whose type is no class keeps its default (a component attached without arguments)', async () => {
    // The sample app's RequestLogger takes `level: 'info' | 'debug' = 'info'`; @RequestLog() on
    // the app passes nothing, so the container must pass nothing too.
    const root = fileURLToPath(new URL('../fixtures/apps/sample', import.meta.url));
    const app = await createTestApp({ root });
    try {
      const dependency = app.model.components
        .find((component) => component.className === 'RequestLogger')
        ?.dependencies.find((each) => each.name === 'level');
      assert.deepEqual(dependency, { name: 'level', index: 0, typeName: '"info" | "debug"', optional: true });
      const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
      const reply = await viaSocket(url, { method: 'GET', url: '/api/tools/whoami' });
      assert.equal(reply.headers['x-logged'], '1');
    } finally {
      await app.close();
    }
  });

  test('the model records each dependency class by module and export name', async () => {
    const app = await createTestApp({ root: fixture('app') });
    try {
      const injectables = (app.model.injectables ?? []).map(({ className, module, dependencies }) => ({
        className,
        module,
        dependencies: dependencies.map(
          ({ name, typeName, module: from }) => `${name}: ${typeName} (${from})`,
        ),
      }));
      assert.deepEqual(injectables, [
        {
          className: 'Store',
          module: 'src/catalog/store.ts',
          dependencies: ['repo: Repo (src/services.ts)'],
        },
        { className: 'Clock', module: 'src/services.ts', dependencies: ['now: string (undefined)'] },
        {
          className: 'ClockedMailer',
          module: 'src/services.ts',
          dependencies: ['clock: Clock (src/services.ts)'],
        },
        { className: 'Greeting', module: 'src/services.ts', dependencies: ['text: string (undefined)'] },
        {
          className: 'Repo',
          module: 'src/services.ts',
          dependencies: ['database: Database (src/services.ts)'],
        },
        {
          className: 'ReportService',
          module: 'src/services.ts',
          dependencies: ['repo: Repo (src/services.ts)'],
        },
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('start-up errors name the class, the parameter and the chain', () => {
  async function startupError(name: string): Promise<SvcError> {
    let caught: unknown;
    await createTestApp({ root: fixture(name) }).then(
      (app) => app.close(),
      (error: unknown) => (caught = error),
    );
    assert.ok(caught instanceof SvcError, `expected an SvcError, got ${String(caught)}`);
    return caught;
  }

  test('a dependency no provider supplies', async () => {
    const error = await startupError('missing');
    assert.equal(error.code, 'SVC_ERR_MISSING_PROVIDER');
    assert.equal(
      error.message,
      "ReportService: constructor parameter 'mailer' needs a 'Mailer' and no provider supplies one " +
        '(needed by ReportController → ReportService); add it to @App({ providers: [...] }) ' +
        '(a class with a no-argument constructor needs no registration) [SVC_ERR_MISSING_PROVIDER]',
    );
  });

  test('an unregistered class whose constructor takes parameters', async () => {
    const error = await startupError('unregistered');
    assert.equal(error.code, 'SVC_ERR_MISSING_PROVIDER');
    assert.equal(
      error.message,
      "ReportController: constructor parameter 'repo' needs a 'Repo' and no provider supplies one " +
        '(its constructor takes parameters, so it must be registered); add it to @App({ providers: [...] }) ' +
        '(a class with a no-argument constructor needs no registration) [SVC_ERR_MISSING_PROVIDER]',
    );
  });

  test('a cycle', async () => {
    const error = await startupError('cycle');
    assert.equal(error.code, 'SVC_ERR_PROVIDER_CYCLE');
    assert.equal(
      error.message,
      'dependency cycle: Orders → Customers → Orders (reached from ReportController) [SVC_ERR_PROVIDER_CYCLE]',
    );
  });
});
