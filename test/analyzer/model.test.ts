/** The app model the analyzer builds for the sample app: what the runtime reads. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ControllerModel, RouteModel } from '../../src/model/app-model.js';
import { analyzeProject } from '../../src/analyzer/index.js';

const root = fileURLToPath(new URL('../fixtures/apps/sample/', import.meta.url));
const result = analyzeProject({ root });
const model = result.model!;

function controller(className: string): ControllerModel {
  const found = model.controllers.find((candidate) => candidate.className === className);
  assert.ok(found, `controller ${className}`);
  return found;
}

function route(className: string, methodName: string): RouteModel {
  const found = controller(className).routes.find((candidate) => candidate.methodName === methodName);
  assert.ok(found, `route ${className}.${methodName}`);
  return found;
}

describe('app model of the sample app', () => {
  it('reads @App, @ApiInfo and svc.config.json (@ApiInfo wins field by field)', () => {
    assert.equal(model.prefix, '/api');
    assert.equal(model.host, 'localhost');
    assert.equal(model.port, 3000);
    assert.deepEqual(model.info, {
      title: 'Sample',
      version: '2.0.0',
      description: 'The sample app of the analyzer tests.',
    });
    assert.deepEqual(model.app, {
      file: 'src/app.ts',
      line:
        readFileSync(join(root, 'src/app.ts'), 'utf8').split('\n').indexOf('export class SampleApp {}') + 1,
      className: 'SampleApp',
      module: 'src/app.ts',
      exportName: 'SampleApp',
      components: [{ component: 'RequestLogger' }],
    });
  });

  it('finds every controller with its base path, base name, headers and dependencies', () => {
    assert.deepEqual(
      model.controllers.map((found) => [found.className, found.basePath, found.baseName, found.module]),
      [
        ['Account', 'account', 'account', 'src/account.controller.ts'],
        ['ToolsController', 'tools', 'tools', 'src/tools.controller.ts'],
        ['UsersController', 'orgs/:orgId/users', 'users', 'src/users.controller.ts'],
      ],
    );
    assert.deepEqual(controller('ToolsController').headers, [['Cache-Control', 'no-store']]);
    assert.deepEqual(controller('UsersController').dependencies, [
      { name: 'clock', index: 0, typeName: 'Clock', module: 'src/services.ts', exportName: 'Clock' },
    ]);
  });

  it('records method, kind, paths, status and headers of each route', () => {
    const create = route('UsersController', 'create');
    assert.deepEqual(
      [create.httpMethod, create.kind, create.custom, create.path, create.fullPath, create.statusCode],
      ['POST', 'http', false, '', '/api/orgs/:orgId/users', 201],
    );
    assert.deepEqual(create.headers, [['Location', '/users/new']]);
    const special = route('ToolsController', 'special');
    assert.deepEqual(
      [special.httpMethod, special.custom, special.fullPath],
      ['CUSTOM', true, '/api/tools/special'],
    );
    assert.deepEqual(
      [route('ToolsController', 'ticks').kind, route('ToolsController', 'echo').kind],
      ['sse', 'websocket'],
    );
    assert.equal(route('ToolsController', 'echo').httpMethod, 'GET');
  });

  it('binds parameters with source, key, required and schema', () => {
    const summary = (found: RouteModel) =>
      found.params.map((param) => [param.index, param.name, param.source, param.key, param.required]);
    assert.deepEqual(summary(route('UsersController', 'list')), [
      [0, 'orgId', 'path', 'orgId', true],
      [1, 'limit', 'query', 'limit', false],
      [2, 'order', 'query', 'sort', false],
    ]);
    assert.deepEqual(summary(route('UsersController', 'get')), [
      [0, 'orgId', 'path', 'orgId', true],
      [1, 'userId', 'path', 'id', true],
      [2, 'requestId', 'header', 'X-Request-Id', false],
    ]);
    assert.deepEqual(summary(route('UsersController', 'rename'))[2], [2, 'name', 'body', ['name'], true]);
    assert.deepEqual(summary(route('ToolsController', 'health')), [
      [0, 'ctx', 'ctx', 'ctx', true],
      [1, 'session', 'cookie', 'session', false],
    ]);
    assert.deepEqual(summary(route('ToolsController', 'echo'))[1], [
      1,
      'messages',
      'messages',
      'messages',
      true,
    ]);
    assert.deepEqual(summary(route('ToolsController', 'whoami')), [[0, 'token', 'data', 'token', true]]);
    assert.equal(route('UsersController', 'search').params[1]?.wholeObject, true);
    const trace = route('UsersController', 'raw').params[2];
    assert.deepEqual([trace?.explicitSchema, trace?.schema], [true, { type: 'string', format: 'uuid' }]);
  });

  it('classifies return values', () => {
    const kinds = (className: string, names: string[]) =>
      names.map((name) => route(className, name).returns.kind);
    assert.deepEqual(kinds('UsersController', ['list', 'rename', 'remove', 'avatar']), [
      'json',
      'text',
      'void',
      'bytes',
    ]);
    assert.deepEqual(route('UsersController', 'list').returns.schema, {
      type: 'array',
      items: { $ref: '#/components/schemas/User' },
    });
    assert.deepEqual(route('ToolsController', 'ticks').returns, {
      kind: 'stream',
      schema: { $ref: '#/components/schemas/Tick' },
    });
    assert.deepEqual(route('ToolsController', 'echo').returns, {
      kind: 'stream',
      schema: { type: 'string' },
    });
    assert.equal(route('UsersController', 'remove').returns.schema, undefined);
  });

  it('keeps the document facts of each route', () => {
    const list = route('UsersController', 'list').doc;
    assert.deepEqual(
      [list.operationId, list.summary, list.tags, list.hidden],
      ['users_list', 'List users', ['users'], false],
    );
    assert.deepEqual(route('ToolsController', 'health').doc.tags, ['Health']);
    assert.deepEqual(route('ToolsController', 'ticks').doc.tags, ['Tools', 'Streaming']);
    assert.equal(route('UsersController', 'raw').doc.hidden, true);
    assert.equal(route('UsersController', 'avatar').doc.deprecated, true);
    assert.deepEqual(route('UsersController', 'get').doc.responses, [
      // NotFoundProblem has type, title and status: a problem, sent as application/problem+json.
      {
        status: 404,
        description: 'No such user',
        schema: { $ref: '#/components/schemas/NotFoundProblem' },
        mediaType: 'application/problem+json',
      },
      // The app's @Catch(HttpError) @StatusCode(500) catcher answers the 400 of the inputs: with
      // 500 and no body (it returns void), in place of the shared InvalidInput problem.
      { status: 500, description: 'Invalid input' },
    ]);
    // No validated input, no 400; the controller's BearerAuth guard can block with 401.
    assert.deepEqual(route('Account', 'count').doc.responses, [
      {
        status: 401,
        description: 'Blocked by BearerAuth',
        schema: { type: 'string' },
        mediaType: 'text/plain',
      },
    ]);
  });

  it('lists component uses in the order written at each level', () => {
    assert.deepEqual(controller('Account').components, [{ component: 'BearerAuth' }]);
    assert.deepEqual(route('Account', 'me').components, [
      { component: 'BearerAuth' },
      { component: 'RequestLogger' },
    ]);
  });

  it('describes component classes, their role methods and parameters', () => {
    assert.deepEqual(
      model.components.map((component) => [
        component.className,
        component.decoratorName,
        component.exportName,
      ]),
      [
        ['BearerAuth', 'RequireAuth', 'BearerAuth'],
        ['RequestLogger', 'RequestLog', 'RequestLogger'],
      ],
    );
    const [auth, logger] = model.components;
    assert.deepEqual(
      auth?.methods.map((method) => [
        method.methodName,
        method.role,
        method.params.map((param) => param.key),
      ]),
      [['check', 'guard', ['Authorization', 'data']]],
    );
    // `@Data() data: DataHolder` binds the holder itself: the mark tells the runtime so.
    assert.deepEqual(auth?.methods[0]?.params[1]?.schema, { svc: { rich: 'DataHolder' } });
    assert.deepEqual(route('ToolsController', 'whoami').params[0]?.schema, {});
    assert.deepEqual(
      logger?.methods.map((method) => [method.methodName, method.role, method.catches]),
      [
        ['log', 'middleware', undefined],
        ['stamp', 'postInterceptor', undefined],
        ['handle', 'catch', 'HttpError'],
      ],
    );
  });

  it('keeps the named schemas every route needs, hidden ones included, and nothing else', () => {
    assert.deepEqual(Object.keys(model.schemas), [
      'Address',
      'CreateUser',
      'NotFoundProblem',
      'Page_User',
      'ProblemDetails',
      'Role',
      'Tick',
      'User',
      'UserFilter',
    ]);
    assert.equal(model.schemas.User?.properties?.createdAt?.svc?.rich, 'Date');
  });

  it('is plain JSON', () => {
    assert.deepEqual(JSON.parse(JSON.stringify(model)), model);
  });
});
