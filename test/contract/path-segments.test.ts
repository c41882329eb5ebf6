/**
 * A controller's `:orgId` left unbound by its `create` and `remove` routes must build,
 * and the document must still declare every `{segment}` (OpenAPI requires it).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkApp } from '../../src/analyzer/checks.js';
import type { AppModel, ControllerModel, RouteModel } from '../../src/model/app-model.js';
import { buildOpenApiDocument } from '../../src/entries/openapi.js';

const at = { file: 'src/users.controller.ts', line: 1 };

const remove: RouteModel = {
  ...at,
  methodName: 'remove',
  httpMethod: 'DELETE',
  kind: 'http',
  custom: false,
  path: ':id',
  fullPath: '/api/users/:orgId/:id',
  statusCode: 200,
  headers: [],
  components: [],
  params: [
    { ...at, name: 'id', source: 'path', index: 0, key: 'id', required: true, schema: { type: 'string' } },
  ],
  returns: { kind: 'void' },
  doc: { operationId: 'users_remove', tags: ['users'], hidden: false, responses: [] },
};

const controller: ControllerModel = {
  ...at,
  className: 'UsersController',
  module: 'src/users.controller.ts',
  basePath: 'users/:orgId',
  baseName: 'users',
  headers: [],
  components: [],
  dependencies: [],
  routes: [remove],
};

describe('a :segment no @Param binds', () => {
  it('is not an analysis error', () => {
    assert.deepEqual(checkApp([controller], []), []);
  });

  it('is still documented as a required string path parameter', () => {
    const model: AppModel = {
      version: 1,
      prefix: '/api',
      host: 'localhost',
      port: 8080,
      info: { title: 'API', version: '1.0.0' },
      controllers: [controller],
      components: [],
      schemas: {},
      modules: [],
    };
    const operation = buildOpenApiDocument(model).paths['/users/{orgId}/{id}']?.delete;
    assert.deepEqual(operation?.parameters, [
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'orgId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });
});
