/**
 * The parameter sources table (src/model/param-sources.ts) held against what svc does: an app that
 * binds every source (test/fixtures/apps/param-sources) is analyzed, served, documented and given a
 * client, and each part must treat each source as the table says.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { clientGroups } from '../../src/client-gen/operations.js';
import { analyzeProject, buildOpenApiDocument, documentPath } from '../../src/entries/openapi.js';
import type { AppModel, RouteModel } from '../../src/model/app-model.js';
import { decoratorsOfKind } from '../../src/model/decorators.js';
import {
  componentParameterLocation,
  PARAM_SOURCES,
  parameterLocation,
} from '../../src/model/param-sources.js';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/apps/param-sources/', import.meta.url));
const served = serveFixture(root);

function analyzed(): AppModel {
  const result = analyzeProject({ root });
  assert.deepEqual(result.diagnostics, []);
  assert.ok(result.model);
  return result.model;
}

const model = analyzed();
const routes = model.controllers.flatMap((controller) => controller.routes);
const every = routeNamed('every');
const guarded = routeNamed('guarded');
const componentParams = model.components.flatMap((component) =>
  component.methods.flatMap((method) => method.params),
);

function routeNamed(name: string): RouteModel {
  const route = routes.find((candidate) => candidate.methodName === name);
  assert.ok(route, `the fixture has a route ${name}`);
  return route;
}

/** The route's POST operation as documented: `in name` of each parameter, and whether it has a body. */
function documentedParameters(route: RouteModel): { parameters: string[]; requestBody: boolean } {
  const openApiPath = documentPath(model.prefix, route.fullPath);
  const operation = buildOpenApiDocument(model).paths[openApiPath]?.post;
  assert.ok(operation, `POST ${openApiPath} is documented`);
  return {
    parameters: (operation.parameters ?? []).map((parameter) => {
      assert.ok(!('$ref' in parameter));
      return `${parameter.in} ${parameter.name}`;
    }),
    requestBody: operation.requestBody !== undefined,
  };
}

/** POSTs to the `every` route with this `:id` and query. */
async function postEvery(id: string, query: string, headers: Record<string, string>, body: string) {
  const url = `${served.base}${every.fullPath.replace(':id', id)}?${query}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

describe('the parameter sources table against svc', () => {
  it('is exercised whole: the fixture binds every source the table has', () => {
    const bound = [...routes.flatMap((route) => route.params), ...componentParams];
    const sources = new Set(bound.map((param) => param.source));
    assert.deepEqual([...sources].sort(), Object.keys(PARAM_SOURCES).sort());
  });

  it("names every binding decorator of the decorator table, and no other, in the analyzer's unbound-parameter error", () => {
    const project = mkdtempSync(path.join(tmpdir(), 'svc-param-sources-'));
    try {
      const svcEntry = fileURLToPath(new URL('../../src/index.ts', import.meta.url));
      mkdirSync(path.join(project, 'src'));
      writeFileSync(
        path.join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            module: 'NodeNext',
            strict: true,
            experimentalDecorators: true,
            types: [],
            paths: { svcjs: [svcEntry] },
          },
          include: ['src'],
        }),
      );
      writeFileSync(
        path.join(project, 'src', 'loose.controller.ts'),
        "import { Controller, Get } from 'svcjs';\n\n@Controller('loose')\nexport class LooseController {\n" +
          '  @Get()\n  get(loose: string): string {\n    return loose;\n  }\n}\n',
      );
      const result = analyzeProject({ root: project, typeCheck: false });
      const unbound = result.diagnostics.filter(
        (diagnostic) => diagnostic.code === 'SVC_ERR_UNBOUND_PARAMETER',
      );
      assert.equal(unbound.length, 1, JSON.stringify(result.diagnostics));
      const named = [...(unbound[0]?.message ?? '').matchAll(/@(\w+)/g)].map((match) => match[1]);
      assert.deepEqual(named.sort(), decoratorsOfKind('param').sort());
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it("gives the declared type's schema to exactly the typed sources, {} to the others", () => {
    // Every fixture parameter of a typed source is declared `number`.
    for (const param of [...every.params, ...componentParams]) {
      const expected = PARAM_SOURCES[param.source].typed ? { type: 'number' } : {};
      assert.deepEqual(param.schema, expected, `${param.source} ${param.name}`);
    }
  });

  it('coerces exactly the validated sources and hands the others over unchecked', async () => {
    const reply = await postEvery('1', 'count=2', { 'x-count': '3', cookie: 'count=4' }, '5');
    assert.equal(reply.status, 200, JSON.stringify(reply.json));
    const received = reply.json as string[];
    const numbers = every.params.filter((param) => received[param.index] === 'number');
    assert.deepEqual(
      numbers.map((param) => param.source),
      every.params.filter((param) => PARAM_SOURCES[param.source].validated).map((param) => param.source),
    );
  });

  it("answers 400 naming each validated source, and the problem schema's `in` lists exactly those", async () => {
    const reply = await postEvery('x', 'count=y', { 'x-count': 'z', cookie: 'count=w' }, '"v"');
    assert.equal(reply.status, 400, JSON.stringify(reply.json));
    const errors = (reply.json as { errors: { in: string }[] }).errors;
    const named = [...new Set(errors.map((error) => error.in))].sort();
    const validated = every.params.filter((param) => PARAM_SOURCES[param.source].validated);
    assert.deepEqual(named, validated.map((param) => param.source).sort());
    const problem = buildOpenApiDocument(model).components?.schemas?.['ProblemDetails'] as {
      properties: { errors: { items: { properties: { in: { enum: string[] } } } } };
    };
    assert.deepEqual([...problem.properties.errors.items.properties.in.enum].sort(), named);
  });

  it("documents a route's parameters where the table says, and its body as the request body", () => {
    const expected = every.params.flatMap((param) => {
      const location = parameterLocation(param.source);
      return location ? [`${location} ${String(param.key)}`] : [];
    });
    const bodies = every.params.filter(
      (param) => PARAM_SOURCES[param.source].documented.as === 'requestBody',
    );
    assert.ok(bodies.length > 0);
    assert.deepEqual(documentedParameters(every), { parameters: expected, requestBody: true });
  });

  it("documents a covering component's parameters only where the table says", () => {
    const expected = componentParams.flatMap((param) => {
      const location = componentParameterLocation(param.source);
      return location ? [`${location} ${String(param.key)}`] : [];
    });
    // The guard's `@Body` makes no request body: the route reads none of its own.
    assert.ok(componentParams.some((param) => param.source === 'body'));
    assert.deepEqual(documentedParameters(guarded), { parameters: expected, requestBody: false });
  });

  it('gives the client an argument for exactly the client-argument sources', () => {
    const operation = clientGroups(model)
      .flatMap((group) => group.operations)
      .find((candidate) => candidate.route.methodName === 'every');
    assert.ok(operation);
    assert.deepEqual(
      operation.args.map((arg) => arg.source),
      every.params.filter((param) => PARAM_SOURCES[param.source].clientArgument).map((param) => param.source),
    );
  });
});
