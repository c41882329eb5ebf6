/**
 * A fixture that uses every decorator: what the runtime decorators record and what the analyzer
 * reads into the model say the same thing, decorator by decorator.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject } from '../../src/analyzer/index.js';
import type { ComponentModel, ControllerModel } from '../../src/model/app-model.js';
import { DECORATORS } from '../../src/model/decorators.js';
import { joinModel } from '../../src/runtime/app/join.js';
import { findClassRecord, type Constructor } from '../../src/runtime/decorators/metadata.js';
import { NotFoundError } from '../../src/runtime/errors/http-error.js';
import { catchClassResolver } from '../../src/runtime/lifecycle/catch-classes.js';
import * as fixture from './every/src/every.js';

const root = fileURLToPath(new URL('./every/', import.meta.url));
const module = 'src/every.ts';
const result = analyzeProject({ root });
const model = result.model!;
const items = model.controllers.find((c) => c.className === 'ItemsController') as ControllerModel;
const everything = model.components.find((c) => c.className === 'Everything') as ComponentModel;

describe('every decorator: runtime records and analyzer model agree', () => {
  it('the fixture analyzes without errors and uses every decorator of the table', () => {
    assert.deepEqual(
      result.diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
    const source = readFileSync(new URL('./every/src/every.ts', import.meta.url), 'utf8');
    const unused = Object.keys(DECORATORS).filter((name) => !new RegExp(`\\b${name}\\(`).test(source));
    assert.deepEqual(unused, []);
  });

  it('the start-up join finds no difference (paths, methods, statuses, headers, keys, components)', () => {
    const joined = joinModel(model, { [module]: fixture });
    assert.deepEqual(
      joined.controllers.map((c) => c.model.className),
      ['ItemsController'],
    );
  });

  it('routes: method, kind and path from the table on both sides, custom methods included', () => {
    const record = findClassRecord(fixture.ItemsController as Constructor);
    const fromRuntime = [...(record?.methods.values() ?? [])]
      .filter((method) => method.route)
      .map((method) => [method.methodName, method.route?.httpMethod, method.route?.kind, method.route?.path])
      .sort();
    const fromModel = items.routes
      .map((route) => [route.methodName, route.httpMethod, route.kind, route.path])
      .sort();
    assert.deepEqual(fromRuntime, fromModel);
    assert.deepEqual(fromModel, [
      ['create', 'POST', 'http', ''],
      ['events', 'GET', 'sse', 'events'],
      ['get', 'GET', 'http', ':id'],
      ['live', 'GET', 'websocket', 'live'],
      ['purge', 'PURGE', 'http', ':id'],
      ['remove', 'DELETE', 'http', ':id'],
      ['rename', 'PATCH', 'http', ':id'],
      ['replace', 'PUT', 'http', ':id'],
      ['search', 'QUERY', 'http', 'search'],
    ]);
  });

  it('parameters: the same sources, and explicit header keys kept as written by both', () => {
    const record = findClassRecord(fixture.ItemsController as Constructor);
    const get = items.routes.find((route) => route.methodName === 'get');
    assert.deepEqual(
      get?.params.map((param) => [param.source, param.key]),
      [
        ['path', 'group'],
        ['path', 'id'],
        ['query', 'verbose'],
        ['header', 'X-Request-Id'],
        ['header', 'accept'],
      ],
    );
    assert.deepEqual(
      record?.methods.get('get')?.params.map((param) => [param.source, param.key]),
      [
        ['path', undefined],
        ['path', 'id'],
        ['query', undefined],
        ['header', 'X-Request-Id'],
        ['header', undefined],
      ],
    );
    const create = items.routes.find((route) => route.methodName === 'create');
    assert.deepEqual(
      create?.params.map((param) => [param.source, param.key]),
      record?.methods.get('create')?.params.map((param) => [param.source, param.key]),
    );
  });

  it('lifecycle roles: the same role per method', () => {
    const record = findClassRecord(fixture.Everything as Constructor);
    const fromRuntime = [...(record?.methods.values() ?? [])]
      .map((method) => [method.methodName, method.role?.role])
      .sort();
    const fromModel = everything.methods.map((method) => [method.methodName, method.role]).sort();
    assert.deepEqual(fromRuntime, fromModel);
  });

  it('catchers: the model names each @Catch class and @StatusCode; the runtime resolves the same class', async () => {
    assert.deepEqual(
      everything.methods
        .filter((method) => method.role === 'catch')
        .map((method) => [method.methodName, method.catches, method.catchesClass, method.statusCode]),
      [
        ['teapot', 'TeapotError', { from: 'project', module, exportName: 'TeapotError' }, 418],
        ['gone', 'NotFoundError', { from: 'svc', exportName: 'NotFoundError' }, undefined],
        ['typeError', 'TypeError', { from: 'global', name: 'TypeError' }, 500],
        ['any', undefined, undefined, undefined],
      ],
    );
    const resolve = catchClassResolver(async (name) => {
      assert.equal(name, module);
      return fixture;
    });
    const record = findClassRecord(fixture.Everything as Constructor);
    for (const method of everything.methods) {
      if (!method.catchesClass) continue;
      const live = record?.methods.get(method.methodName);
      assert.equal(await resolve(method.catchesClass, method.methodName), live?.role?.catches);
      assert.equal(method.statusCode, live?.statusCode);
    }
    assert.equal(await resolve({ from: 'svc', exportName: 'NotFoundError' }, 'x'), NotFoundError);
  });

  it('document-only decorators reach the model', () => {
    const get = items.routes.find((route) => route.methodName === 'get');
    assert.equal(get?.doc.summary, 'One item');
    assert.equal(get?.doc.description, 'Reads one item of a group.');
    assert.deepEqual(get?.doc.tags, ['items', 'stock']);
    assert.equal(items.routes.find((route) => route.methodName === 'rename')?.doc.hidden, true);
    const remove = items.routes.find((route) => route.methodName === 'remove');
    assert.deepEqual(remove?.params[1]?.schema, { type: 'string', format: 'uuid' });
    assert.equal(model.prefix, '/v1');
    assert.equal(model.info.title, 'Every decorator');
  });
});
