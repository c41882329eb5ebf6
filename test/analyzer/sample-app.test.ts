/** The sample app end to end: analysis, the document, its golden file and the spec files. */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { AppModel } from '../../src/model/app-model.js';
import {
  analyzeProject,
  buildOpenApiDocument,
  documentToJson,
  writeSpecFiles,
} from '../../src/entries/openapi.js';
import type { OpenApiDocument } from '../../src/entries/openapi.js';
import { assertValidOpenApi } from '../openapi/validate.js';
import { assertGolden } from './golden.js';

const root = fileURLToPath(new URL('../fixtures/apps/sample/', import.meta.url));

describe('sample app', () => {
  let model: AppModel;
  let document: OpenApiDocument;
  const outputs: string[] = [];

  before(() => {
    const result = analyzeProject({ root });
    assert.deepEqual(result.diagnostics, []);
    assert.ok(result.model);
    model = result.model;
    document = buildOpenApiDocument(model);
  });

  after(() => {
    for (const dir of outputs) rmSync(dir, { recursive: true, force: true });
  });

  it('matches the golden document', () => {
    assertGolden(path.join(root, 'expected', 'swagger.json'), documentToJson(document));
  });

  it('writes the top-level keys in the canonical order', () => {
    assert.deepEqual(Object.keys(document), ['openapi', 'info', 'servers', 'tags', 'paths', 'components']);
  });

  it('takes a summary and description from the method JSDoc unless @ApiSummary/@ApiDescription say otherwise', () => {
    const users = document.paths['/orgs/{orgId}/users/search']?.get;
    assert.equal(users?.summary, 'Search users by filter.');
    assert.equal(
      users?.description,
      'Each property of the filter is a query parameter.\n\nResults are paged.',
    );
    const create = document.paths['/orgs/{orgId}/users']?.post;
    assert.deepEqual(
      [create?.summary, create?.description],
      ['Create a user.', 'Creates a user in the organisation.'],
    );
    const list = document.paths['/orgs/{orgId}/users']?.get;
    assert.deepEqual([list?.summary, list?.description], ['List users', undefined]);
  });

  it("streams `string | object` items with `object` as {type: 'object'}, no warning", () => {
    const tools = model.controllers.find((controller) => controller.className === 'ToolsController');
    const events = tools?.routes.find((route) => route.methodName === 'events');
    assert.deepEqual(events?.returns, {
      kind: 'stream',
      schema: { oneOf: [{ type: 'string' }, { type: 'object' }] },
    });
  });

  it('validates against the OpenAPI 3.0.3 schema', async () => {
    await assertValidOpenApi(document);
  });

  it('writes swagger.json and swagger.yaml with the same content, byte-identical across runs', async () => {
    const first = mkdtempSync(path.join(tmpdir(), 'svc-spec-'));
    const second = mkdtempSync(path.join(tmpdir(), 'svc-spec-'));
    outputs.push(first, second);
    const written = await writeSpecFiles(first, document);
    assert.equal(written.jsonPath, path.join(first, '.svc', 'svc_swagger', 'swagger.json'));
    assert.equal(written.yamlPath, path.join(first, '.svc', 'svc_swagger', 'swagger.yaml'));
    const again = analyzeProject({ root });
    assert.ok(again.model);
    const rewritten = await writeSpecFiles(second, buildOpenApiDocument(again.model));
    const json = readFileSync(written.jsonPath, 'utf8');
    const yaml = readFileSync(written.yamlPath, 'utf8');
    assert.equal(readFileSync(rewritten.jsonPath, 'utf8'), json);
    assert.equal(readFileSync(rewritten.yamlPath, 'utf8'), yaml);
    assert.ok(json.endsWith('}\n') && yaml.endsWith('\n'));
    assert.deepEqual(parse(yaml), JSON.parse(json));
  });

  it('lists every module the runtime must import', () => {
    assert.deepEqual(model.modules, [
      'src/account.controller.ts',
      'src/app.ts',
      'src/components.ts',
      'src/services.ts',
      'src/tools.controller.ts',
      'src/users.controller.ts',
    ]);
  });
});
