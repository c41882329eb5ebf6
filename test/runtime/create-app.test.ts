/** createApp with hand-built models: start-up errors, providers, listen/close, inject parity. */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { AppModel, ControllerModel, RouteModel } from '../../src/model/app-model.js';
import { App, Controller, Get, Param, createApp } from '../../src/index.js';
import { SvcError } from '../../src/runtime/errors/svc-error.js';
import { viaSocket } from './helpers.js';

export class Clock {
  now(): string {
    return 'noon';
  }
}

export class Greeter {
  constructor(readonly greeting: string) {}
}

export class Counter {
  count = 0;
}

/** Holds a request inside its handler until the test lets it go, so it is in flight for sure. */
class HeldRequest {
  private enter!: () => void;
  /** Resolves once the handler is running. */
  readonly entered = new Promise<void>((resolve) => (this.enter = resolve));
  private letGo!: () => void;
  private readonly released = new Promise<void>((resolve) => (this.letGo = resolve));

  async hold(): Promise<void> {
    this.enter();
    await this.released;
  }

  release(): void {
    this.letGo();
  }
}

let heldRequest = new HeldRequest();

@Controller('hello')
export class HelloController {
  constructor(
    private readonly greeter: Greeter,
    private readonly clock: Clock,
    private readonly counter: Counter,
  ) {}

  @Get(':name')
  hello(@Param() name: string): string {
    this.counter.count++;
    return `${this.greeter.greeting} ${name} at ${this.clock.now()} #${this.counter.count}`;
  }

  @Get('held/:id')
  async held(@Param() id: string): Promise<string> {
    await heldRequest.hold();
    return `done ${id}`;
  }
}

@App({ providers: [{ provide: Greeter, useFactory: () => new Greeter('hi') }, Counter] })
export class HelloApp {}

const at = { file: 'src/hello.ts', line: 1 };

function route(methodName: string, path: string): RouteModel {
  return {
    ...at,
    methodName,
    httpMethod: 'GET',
    kind: 'http',
    custom: false,
    path,
    fullPath: path === ':name' ? '/api/hello/:name' : '/api/hello/held/:id',
    statusCode: 200,
    headers: [],
    components: [],
    params: [
      {
        ...at,
        index: 0,
        name: path === ':name' ? 'name' : 'id',
        source: 'path',
        key: path === ':name' ? 'name' : 'id',
        required: true,
        schema: { type: 'string' },
      },
    ],
    returns: { kind: 'text', schema: { type: 'string' } },
    doc: { operationId: `hello_${methodName}`, tags: ['hello'], hidden: false, responses: [] },
  };
}

function model(overrides: Partial<ControllerModel> = {}): AppModel {
  const controller: ControllerModel = {
    ...at,
    className: 'HelloController',
    module: 'src/hello.ts',
    exportName: 'HelloController',
    basePath: 'hello',
    baseName: 'hello',
    headers: [],
    components: [],
    dependencies: [
      { name: 'greeter', index: 0, typeName: 'Greeter' },
      { name: 'clock', index: 1, typeName: 'Clock', module: 'src/hello.ts', exportName: 'Clock' },
      { name: 'counter', index: 2, typeName: 'Counter' },
    ],
    routes: [route('hello', ':name'), route('held', 'held/:id')],
    ...overrides,
  };
  return {
    version: 1,
    prefix: '/api',
    host: 'localhost',
    port: 8080,
    info: { title: 'API', version: '1.0.0' },
    app: { ...at, className: 'HelloApp', module: 'src/hello.ts', exportName: 'HelloApp', components: [] },
    controllers: [controller],
    components: [],
    schemas: {},
    modules: ['src/hello.ts'],
  };
}

const modules = { 'src/hello.ts': { HelloController, HelloApp, Clock, Greeter, Counter } };

function rejectsWith(promise: Promise<unknown>, code: string, pattern: RegExp): Promise<void> {
  return assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof SvcError);
    assert.equal(error.code, code);
    assert.match(error.message, pattern);
    return true;
  });
}

describe('start-up', () => {
  test('providers: useFactory, a class, and a no-argument class imported through the model', async () => {
    const app = await createApp({ model: model(), modules });
    assert.equal((await app.inject({ method: 'GET', url: '/api/hello/ann' })).text, 'hi ann at noon #1');
    assert.equal((await app.inject({ method: 'GET', url: '/api/hello/bob' })).text, 'hi bob at noon #2');
    assert.deepEqual(app.routes[0], {
      method: 'GET',
      path: '/api/hello/:name',
      kind: 'http',
      handler: 'HelloController.hello',
    });
  });

  test('no model file → SVC_ERR_MODEL_MISSING', () =>
    rejectsWith(
      createApp({ root: mkdtempSync(join(tmpdir(), 'svc-empty-')) }),
      'SVC_ERR_MODEL_MISSING',
      /app-model\.json/,
    ));

  test('a model read from a JSON path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-model-'));
    writeFileSync(join(dir, 'model.json'), JSON.stringify(model()));
    const app = await createApp({ model: join(dir, 'model.json'), modules });
    assert.equal((await app.inject({ method: 'GET', url: '/api/hello/x' })).status, 200);
  });

  test('a dependency nobody provides → SVC_ERR_MISSING_PROVIDER naming class and parameter', () =>
    rejectsWith(
      createApp({
        model: model({ dependencies: [{ name: 'mailer', index: 0, typeName: 'Mailer' }] }),
        modules,
      }),
      'SVC_ERR_MISSING_PROVIDER',
      /HelloController: constructor parameter 'mailer' needs a 'Mailer'/,
    ));

  test('a route path that differs from the code → SVC_ERR_MODEL_STALE naming it', () =>
    rejectsWith(
      createApp({ model: model({ routes: [route('hello', ':who'), route('held', 'held/:id')] }), modules }),
      'SVC_ERR_MODEL_STALE',
      /HelloController\.hello: the route is .*":name".* in the code but .*":who".* in the model/,
    ));

  test('a route missing from the model → SVC_ERR_MODEL_STALE', () =>
    rejectsWith(
      createApp({ model: model({ routes: [route('hello', ':name')] }), modules }),
      'SVC_ERR_MODEL_STALE',
      /the set of routes/,
    ));
});

describe('listen and close', () => {
  test('port 0, HOST/PORT from the environment, and close() waits for in-flight requests', async () => {
    const app = await createApp({ model: model(), modules });
    const saved = { HOST: process.env.HOST, PORT: process.env.PORT };
    process.env.HOST = '127.0.0.1';
    process.env.PORT = '0';
    const address = await app.listen();
    Object.assign(process.env, saved);
    if (saved.HOST === undefined) delete process.env.HOST;
    if (saved.PORT === undefined) delete process.env.PORT;
    assert.equal(address.host, '127.0.0.1');
    assert.ok(address.port > 0);
    assert.equal(address.url, `http://127.0.0.1:${address.port}`);
    heldRequest = new HeldRequest();
    const inFlight = viaSocket(address.url, { method: 'GET', url: '/api/hello/held/1' });
    await heldRequest.entered;
    const closing = app.close();
    heldRequest.release();
    await closing;
    const reply = await inFlight;
    assert.equal(reply.status, 200);
    assert.equal(reply.text, 'done 1');
    assert.equal(app.server?.listening, false);
  });
});
