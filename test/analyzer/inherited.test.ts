/**
 * Routes inherited from a base class, and a component class with no lifecycle methods made into
 * a decorator in another file: in the model, in the document, and served by the runtime.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { buildOpenApiDocument } from '../../src/entries/openapi.js';

const root = fileURLToPath(new URL('../fixtures/apps/inherited/', import.meta.url));
let app: SvcApp;

before(async () => {
  app = await createTestApp({ root, dev: false });
});
after(() => app.close());

describe('a controller that extends a class with routes', () => {
  it('has its own routes and the inherited ones, the nearest of a name winning', () => {
    const widgets = app.model.controllers.find((controller) => controller.className === 'WidgetsController');
    assert.deepEqual(
      widgets?.routes.map((route) => [route.methodName, route.fullPath, route.file]),
      [
        ['list', '/api/widgets', 'src/widgets.controller.ts'],
        ['name', '/api/widgets/name', 'src/widgets.controller.ts'],
        ['health', '/api/widgets/health', 'src/base.ts'],
        ['item', '/api/widgets/items/:id', 'src/base.ts'],
      ],
    );
    const document = buildOpenApiDocument(app.model);
    assert.deepEqual(Object.keys(document.paths), [
      '/holder',
      '/widgets',
      '/widgets/health',
      '/widgets/items/{id}',
      '/widgets/name',
    ]);
    assert.equal(document.paths['/widgets/health']?.get?.operationId, 'widgets_health');
  });

  it('serves the inherited routes on the subclass instance', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/widgets/health' });
    assert.deepEqual([health.status, health.json()], [200, { ok: true }]);
    const item = await app.inject({ method: 'GET', url: '/api/widgets/items/7' });
    assert.deepEqual([item.status, item.text], [200, 'item 7 of widget']);
    const name = await app.inject({ method: 'GET', url: '/api/widgets/name' });
    assert.deepEqual([name.status, name.text], [200, 'widgets']);
  });
});

describe('component() of a class from another file with no lifecycle methods', () => {
  it('lists the class as a component named by its decorator, and the app serves routes using it', async () => {
    assert.deepEqual(
      app.model.components.map((component) => [
        component.className,
        component.module,
        component.decoratorName,
      ]),
      [['Tagging', 'src/tagging.ts', 'Tagged']],
    );
    const widgets = app.model.controllers.find((controller) => controller.className === 'WidgetsController');
    assert.deepEqual(widgets?.components, [{ component: 'Tagging' }]);
    const list = await app.inject({ method: 'GET', url: '/api/widgets' });
    assert.deepEqual([list.status, list.json()], [200, ['w1']]);
  });
});

describe('@Data() typed with a user class named DataHolder', () => {
  it('is not marked as the holder, so it binds the stored value by name', async () => {
    const holder = app.model.controllers.find((controller) => controller.className === 'HolderController');
    assert.deepEqual(holder?.routes[0]?.params[0]?.schema, {});
    const reply = await app.inject({ method: 'GET', url: '/api/holder' });
    assert.deepEqual([reply.status, reply.text], [200, 'nothing stored']);
  });
});
