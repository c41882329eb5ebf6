/**
 * What the document of test/fixtures/document/app says (docs/openapi.md): security from
 * @ApiSecurity, thrown errors, svc's own answers as shared components.responses, the WebSocket
 * upgrade headers, unbound segments. Exact sets throughout; both documents (3.0.3 and 3.2).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  analyzeProject,
  buildOpenApi32Document,
  buildOpenApiDocument,
  formatDiagnostic,
} from '../../src/entries/openapi.js';
import type { AppModel } from '../../src/model/app-model.js';
import { assertValidOpenApi } from '../openapi/validate.js';
import { assertValidOpenApi32 } from '../openapi/validate32.js';

const root = fileURLToPath(new URL('../fixtures/document/app/', import.meta.url));
const controllerText = readFileSync(path.join(root, 'src', 'things.controller.ts'), 'utf8').split('\n');
const lineOf = (start: string): number => controllerText.findIndex((line) => line.startsWith(start)) + 1;
const result = analyzeProject({ root });
const model = result.model as AppModel;
const document = buildOpenApiDocument(model);
const document32 = buildOpenApi32Document(model);

type Operation = {
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  responses: Record<string, unknown>;
  security?: Record<string, string[]>[];
};
const operation = (path: string, method: string): Operation =>
  (document.paths[path] as Record<string, Operation>)[method]!;
const statuses = (op: Operation): string[] => Object.keys(op.responses);
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } },
});
const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

describe('the document of the document-truth fixture', () => {
  it('is valid 3.0.3 and 3.2', async () => {
    assert.ok(model, 'the fixture analyzes');
    await assertValidOpenApi(document);
    await assertValidOpenApi32(document32);
  });

  it('warns once per unbound route segment, with file:line, and nothing else', () => {
    assert.deepEqual(result.diagnostics.map(formatDiagnostic), [
      `src/things.controller.ts:${lineOf('  part(')}: warning: :part of the route path ':id/parts/:part' is bound by no @Param of ThingsController.part; it is matched and documented as a required string path parameter`,
      `src/things.controller.ts:${lineOf('  async *echo(')}: warning: :room of the route path 'echo/:room' is bound by no @Param of ThingsController.echo; it is matched and documented as a required string path parameter`,
    ]);
  });

  it('leaves out a throw four calls deep and a status computed at run time', () => {
    const deep = model.controllers[0]!.routes.find((route) => route.methodName === 'deep')!;
    assert.deepEqual(
      deep.doc.responses.map((response) => response.status),
      [400],
    );
  });

  it('puts each @ApiSecurity scheme in components.securitySchemes, in both documents', () => {
    const schemes = {
      apiKey: { type: 'apiKey', in: 'query', name: 'key' },
      bearer: { type: 'http', scheme: 'bearer' },
    };
    assert.deepEqual(document.components?.securitySchemes, schemes);
    assert.deepEqual(document32.components?.securitySchemes, schemes);
  });

  it('requires the schemes of the covering components in one object; open operations say security: []', () => {
    assert.deepEqual(operation('/things', 'post').security, [{ bearer: [] }]);
    assert.deepEqual(operation('/things/{id}', 'put').security, [{ bearer: [], apiKey: [] }]);
    assert.deepEqual(operation('/things/{id}', 'get').security, []);
    const put32 = (document32.paths['/things/{id}'] as Record<string, Operation>).put!;
    assert.deepEqual(put32.security, [{ bearer: [], apiKey: [] }]);
  });

  it('lists no parameter that carries a credential (Authorization, the key query)', () => {
    assert.equal(operation('/things', 'post').parameters, undefined);
    assert.deepEqual(
      operation('/things/{id}', 'put').parameters?.map((p) => `${p.in}:${p.name}`),
      ['path:id'],
    );
  });

  it('documents thrown errors: in the handler, in project functions and methods it calls directly', () => {
    assert.deepEqual(statuses(operation('/things/{id}', 'get')), ['200', '400', '404']);
    assert.deepEqual(operation('/things/{id}', 'get').responses['404'], problem('Not Found'));
    const add = operation('/things', 'post');
    assert.deepEqual(statuses(add), ['200', '400', '401', '409', '413', '415', '422', '423']);
    for (const [status, text] of [
      ['409', 'Conflict'],
      ['422', 'Unprocessable Entity'],
      ['423', 'Locked'],
    ] as const) {
      assert.deepEqual(add.responses[status], problem(text));
    }
  });

  it('reads project subclasses; an @ApiResponse for a thrown status keeps its description', () => {
    const replace = operation('/things/{id}', 'put');
    assert.deepEqual(statuses(replace), ['200', '400', '401', '403', '404', '410', '413', '415']);
    assert.deepEqual(replace.responses['410'], problem('Gone'));
    assert.deepEqual(replace.responses['404'], problem('No thing has this id'));
  });

  it("refers to svc's own answers in components.responses", () => {
    const add = operation('/things', 'post');
    assert.deepEqual(add.responses['400'], ref('InvalidInput'));
    assert.deepEqual(add.responses['413'], ref('ContentTooLarge'));
    assert.deepEqual(add.responses['415'], ref('UnsupportedMediaType'));
    assert.deepEqual(Object.keys(document.components?.responses ?? {}), [
      'ContentTooLarge',
      'InvalidInput',
      'UnsupportedMediaType',
      'UpgradeRequired',
    ]);
    for (const shared of Object.values(document.components?.responses ?? {})) {
      assert.deepEqual(Object.keys(shared.content ?? {}), ['application/problem+json']);
    }
    assert.deepEqual(document32.components?.responses, document.components?.responses);
  });

  it('gives a WebSocket route its upgrade headers as required parameters and the 426', () => {
    const echo = operation('/things/echo/{room}', 'get');
    assert.deepEqual(echo.parameters, [
      { name: 'room', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'Connection', in: 'header', required: true, schema: { type: 'string' } },
      { name: 'Upgrade', in: 'header', required: true, schema: { type: 'string', enum: ['websocket'] } },
      { name: 'Sec-WebSocket-Key', in: 'header', required: true, schema: { type: 'string' } },
      {
        name: 'Sec-WebSocket-Version',
        in: 'header',
        required: true,
        schema: { type: 'string', enum: ['13'] },
      },
    ]);
    assert.deepEqual(echo.responses, {
      '101': { description: 'Switching Protocols' },
      '426': ref('UpgradeRequired'),
    });
  });

  it('documents an unbound segment of an HTTP route as a required string path parameter', () => {
    assert.deepEqual(operation('/things/{id}/parts/{part}', 'get').parameters, [
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'part', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });
});
