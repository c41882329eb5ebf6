/**
 * The OpenAPI 3.2 document of every example and test app: valid, the same paths as the 3.0.3
 * document, `nullable` and `x-svc-methods` never used, every SSE route's `itemSchema` the event a
 * browser parses with the yielded item's schema in its `data`, every custom method under
 * `additionalOperations`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { AppModel, RouteModel } from '../../src/model/app-model.js';
import {
  analyzeProject,
  buildOpenApi32Document,
  buildOpenApiDocument,
  document32ToJson,
  documentPath,
  toSchema2020,
  type OpenApi32Document,
} from '../../src/entries/openapi.js';
import { assertValidOpenApi32 } from './validate32.js';

const APPS = [
  '../../examples/bookstore/',
  '../fixtures/apps/sample/',
  '../fixtures/apps/openapi32/',
  '../fixtures/apps/guarded/',
  '../fixtures/apps/inherited/',
  '../fixtures/apps/responses/',
  '../fixtures/contract/app/',
];

/** An SSE item as OpenAPI 3.2 says it: the parsed event, holding the text of its data lines. */
interface ItemSchema {
  type: string;
  required: string[];
  properties: { data: unknown };
}

function routes(model: AppModel): RouteModel[] {
  return model.controllers.flatMap((controller) => controller.routes).filter((route) => !route.doc.hidden);
}

function operationOf(
  document: OpenApi32Document,
  model: AppModel,
  route: RouteModel,
): Record<string, unknown> {
  const item = document.paths[documentPath(model.prefix, route.fullPath)] as Record<string, unknown>;
  const lower = route.httpMethod.toLowerCase();
  const operation = route.custom
    ? ((item.additionalOperations as Record<string, unknown> | undefined)?.[route.httpMethod] ?? item[lower])
    : item[lower];
  assert.ok(operation, `${route.httpMethod} ${route.fullPath} is in the 3.2 document`);
  return operation as Record<string, unknown>;
}

for (const relative of APPS) {
  const root = fileURLToPath(new URL(relative, import.meta.url));
  describe(`OpenAPI 3.2 of ${relative}`, () => {
    const result = analyzeProject({ root });
    const model = result.model as AppModel;
    const document = buildOpenApi32Document(model);

    it('validates against the OpenAPI 3.2 schema, with the paths of the 3.0.3 document', async () => {
      await assertValidOpenApi32(document);
      assert.deepEqual(Object.keys(document.paths), Object.keys(buildOpenApiDocument(model).paths));
    });

    it('never writes nullable or x-svc-methods', () => {
      const text = document32ToJson(document);
      assert.ok(!text.includes('"nullable"'));
      assert.ok(!text.includes('"x-svc-methods"'));
    });

    it("documents every route where 3.2 says it, SSE items as events holding the yielded item's schema", () => {
      for (const route of routes(model)) {
        const operation = operationOf(document, model, route);
        if (route.kind !== 'sse') continue;
        const responses = operation.responses as Record<string, { content?: unknown }>;
        const content = responses[String(route.statusCode)]?.content as Record<
          string,
          { itemSchema: ItemSchema }
        >;
        assert.deepEqual(Object.keys(content), ['text/event-stream']);
        const { type, required, properties } = content['text/event-stream']!.itemSchema;
        assert.deepEqual([type, required], ['object', ['data']]);
        const item = toSchema2020(route.returns.schema ?? {});
        if (Object.keys(item).length > 0)
          assert.ok(JSON.stringify(properties.data).includes(JSON.stringify(item)));
      }
    });
  });
}
