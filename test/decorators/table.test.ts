/** The decorator table: exactly the decorators svc exports, recorded by the runtime as it says. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as svc from '../../src/index.js';
import { DECORATORS, type DecoratorName } from '../../src/model/decorators.js';
import { findClassRecord, type Constructor } from '../../src/runtime/decorators/metadata.js';
import { SvcError } from '../../src/runtime/errors/svc-error.js';

/** Values `svcjs` exports that are not decorators or decorator factories. */
const NOT_DECORATORS = new Set([
  'createApp',
  'DataHolder',
  'SseEvent',
  'sseEvent',
  'PubSub',
  'MiddlewareResult',
  'GuardResult',
  'HttpError',
  'BadRequestError',
  'UnauthorizedError',
  'ForbiddenError',
  'NotFoundError',
  'ConflictError',
  'UnprocessableEntityError',
  'TooManyRequestsError',
  'InternalServerError',
  'SvcError',
  'ValidationError',
  'ERROR_CODES',
  'sendFile',
  'FileAnswer',
]);

test('the table holds exactly the decorators svcjs exports', () => {
  const exported = Object.keys(svc).filter((name) => !NOT_DECORATORS.has(name));
  assert.deepEqual(exported.sort(), Object.keys(DECORATORS).sort());
  for (const name of NOT_DECORATORS) assert.ok(name in svc, `${name} is still exported`);
});

test('each route decorator records the HTTP method, kind and default path of its table entry', () => {
  const routeNames = (Object.keys(DECORATORS) as DecoratorName[]).filter(
    (name) => DECORATORS[name].role.kind === 'route',
  );
  assert.deepEqual(routeNames, ['Get', 'Post', 'Put', 'Patch', 'Delete', 'QueryMethod', 'SSE', 'WebSocket']);
  for (const name of routeNames) {
    const decorate = svc[name as 'Get'];
    class Routes {
      handler(): void {}
    }
    decorate()(Routes.prototype, 'handler', {});
    const role = DECORATORS[name as 'Get'].role as { httpMethod: string; routeKind: string };
    assert.deepEqual(findClassRecord(Routes as Constructor)?.methods.get('handler')?.route, {
      methodName: 'handler',
      httpMethod: role.httpMethod,
      kind: role.routeKind,
      custom: false,
      path: '',
    });
  }
});

test('each parameter decorator records the source of its table entry; header names lower-cased', () => {
  class Handlers {
    handle(..._args: unknown[]): void {}
  }
  svc.Param()(Handlers.prototype, 'handle', 0);
  svc.Query('q')(Handlers.prototype, 'handle', 1);
  svc.Header('X-Token')(Handlers.prototype, 'handle', 2);
  svc.Cookie('sid')(Handlers.prototype, 'handle', 3);
  svc.Body()(Handlers.prototype, 'handle', 4);
  svc.Data('user')(Handlers.prototype, 'handle', 5);
  svc.Ctx()(Handlers.prototype, 'handle', 6);
  svc.Messages()(Handlers.prototype, 'handle', 7);
  svc.Next()(Handlers.prototype, 'handle', 8);
  assert.deepEqual(findClassRecord(Handlers as Constructor)?.methods.get('handle')?.params, [
    { index: 0, source: 'path', key: undefined },
    { index: 1, source: 'query', key: 'q' },
    { index: 2, source: 'header', key: 'X-Token' },
    { index: 3, source: 'cookie', key: 'sid' },
    { index: 4, source: 'body', key: [] },
    { index: 5, source: 'data', key: 'user' },
    { index: 6, source: 'ctx', key: undefined },
    { index: 7, source: 'messages', key: undefined },
    { index: 8, source: 'next', key: undefined },
  ]);
});

function throwsCode(run: () => void, code: string, mentions: string): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof SvcError, String(error));
    assert.equal(error.code, code);
    assert.match(error.message, new RegExp(mentions));
    return true;
  });
}

test('two route decorators on one method: SVC_ERR_DUPLICATE_DECORATOR naming the method', () => {
  class Twice {
    both(): void {}
  }
  svc.Get()(Twice.prototype, 'both', {});
  throwsCode(
    () => svc.Post()(Twice.prototype, 'both', {}),
    'SVC_ERR_DUPLICATE_DECORATOR',
    'both .*GET and POST',
  );
});

test('two lifecycle roles on one method, or two bindings on one parameter: SVC_ERR_DUPLICATE_DECORATOR', () => {
  class Twice {
    step(_value: unknown): void {}
  }
  svc.Guard()(Twice.prototype, 'step', {});
  throwsCode(() => svc.Middleware()(Twice.prototype, 'step', {}), 'SVC_ERR_DUPLICATE_DECORATOR', 'step');
  svc.Query()(Twice.prototype, 'step', 0);
  throwsCode(
    () => svc.Header()(Twice.prototype, 'step', 0),
    'SVC_ERR_DUPLICATE_DECORATOR',
    'parameter 0 of step',
  );
});

test('a binding decorator on a constructor parameter: SVC_ERR_DECORATOR_TARGET naming the class', () => {
  class Service {}
  throwsCode(
    () => svc.Query()(Service, undefined, 0),
    'SVC_ERR_DECORATOR_TARGET',
    '@Query is on constructor parameter 0 of Service',
  );
});

test('defineMethod with a name that is not an upper-case token: SVC_ERR_INVALID_METHOD_NAME', () => {
  for (const name of ['purge', '1PURGE', 'PUR GE', '']) {
    throwsCode(() => svc.defineMethod(name), 'SVC_ERR_INVALID_METHOD_NAME', `defineMethod\\('${name}'\\)`);
  }
  assert.equal(typeof svc.defineMethod('PURGE-ALL_2'), 'function');
});
