/**
 * The three documents of every example (examples/*) and of every fixture app (each project under
 * test/fixtures that analyzes; the ones written to fail analysis are listed):
 * each valid against its official schema (3.0.3 and 3.1 by swagger-parser too), the same paths in
 * all three, each saying only what its version can (no 2020-12 form in 3.0.3, never `nullable` in
 * 3.1 and 3.2, no `x-svc-methods` in 3.2), every SSE route's 3.2 `itemSchema` the event a browser
 * parses with the yielded item's schema in its `data`, and no error from Redocly's recommended rules.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { AppModel, RouteModel } from '../../src/model/app-model.js';
import {
  analyzeProject,
  buildOpenApiDocuments,
  documentPath,
  documentToJson,
  toSchema2020,
  type OpenApi32Document,
} from '../../src/entries/openapi.js';
import { errorsOf, lintFiles, type LintProblem } from './redocly.js';
import { problems30 } from './schema30-check.js';
import { fixtureProjects } from '../../scripts/fixture-projects.mjs';
import { assertValidOpenApi, assertValidOpenApi31 } from './validate.js';
import { assertValidOpenApi32 } from './validate32.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const EXAMPLES = readdirSync(path.join(repo, 'examples'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `examples/${entry.name}`);
/** Every fixture project of the test suite, each made to analyze or made to fail analysis. */
const FIXTURES = fixtureProjects(path.join(repo, 'test/fixtures')).map((root) => path.relative(repo, root));
/** The fixture projects written to fail analysis (their tests assert the errors): no document. */
const MADE_TO_FAIL = [
  'test/fixtures/apps/envelope/diagnostics',
  'test/fixtures/apps/files/invalid',
  'test/fixtures/apps/invalid',
  'test/fixtures/apps/media-lists/invalid',
  'test/fixtures/apps/optional-auth/invalid',
  'test/fixtures/apps/responses-invalid',
  'test/fixtures/testing/type-error',
];
/** Apps whose analysis must be clean (warnings fail too): the examples and these. */
const CLEAN_APPS = new Set([
  ...EXAMPLES,
  'test/fixtures/apps/sample',
  'test/fixtures/apps/openapi32',
  'test/fixtures/apps/guarded',
  'test/fixtures/apps/inherited',
  'test/fixtures/apps/responses',
  'test/fixtures/contract/app',
  'test/fixtures/query-method',
  'test/fixtures/validation/truth-app',
]);

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
  const key = route.httpMethod.toLowerCase();
  const additional = item.additionalOperations as Record<string, unknown> | undefined;
  const operation = item[key] ?? additional?.[route.httpMethod];
  assert.ok(operation, `${route.httpMethod} ${route.fullPath} is in the 3.2 document`);
  return operation as Record<string, unknown>;
}

const temporary = mkdtempSync(path.join(tmpdir(), 'svc-apps-lint-'));
after(() => rmSync(temporary, { recursive: true, force: true }));

const failed: string[] = [];
const apps = [...EXAMPLES, ...FIXTURES].flatMap((relative) => {
  const result = analyzeProject({ root: path.join(repo, relative) });
  if (CLEAN_APPS.has(relative)) assert.deepEqual(result.diagnostics, [], relative);
  const model = result.model;
  if (!model || result.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) {
    failed.push(relative);
    return [];
  }
  return [{ relative, model, documents: buildOpenApiDocuments(model) }];
});

it('every fixture project analyzes (and is checked below) but those written to fail', () => {
  assert.deepEqual(failed, MADE_TO_FAIL);
  for (const relative of CLEAN_APPS)
    assert.ok(
      apps.some((app) => app.relative === relative),
      relative,
    );
});

/** Every document of every app, linted in one Redocly run. */
let lint: Map<string, LintProblem[]>;
before(async () => {
  const files = apps.flatMap(({ relative, documents }) =>
    Object.entries(documents).map(([version, document]) => {
      const file = path.join(temporary, `${relative.replaceAll('/', '_')}-${version}.json`);
      writeFileSync(file, documentToJson(document));
      return file;
    }),
  );
  lint = await lintFiles(files);
});

for (const { relative, model, documents } of apps) {
  const { '3.0.3': v30, '3.1': v31, '3.2': v32 } = documents;

  describe(`the documents of ${relative}`, () => {
    it('validate against their official schemas, with the same paths in all three', async () => {
      await assertValidOpenApi(v30);
      await assertValidOpenApi31(v31);
      await assertValidOpenApi32(v32);
      assert.deepEqual(Object.keys(v31.paths), Object.keys(v30.paths));
      assert.deepEqual(Object.keys(v32.paths), Object.keys(v30.paths));
    });

    it('say only what their version can', () => {
      assert.deepEqual(problems30(v30), []);
      for (const text of [documentToJson(v31), documentToJson(v32)]) assert.ok(!text.includes('"nullable"'));
      assert.ok(!documentToJson(v32).includes('"x-svc-methods"'));
    });

    it('give Redocly’s recommended rules no error', () => {
      const prefix = `${relative.replaceAll('/', '_')}-`;
      const mine = [...lint].filter(([file]) => file.startsWith(prefix));
      assert.equal(mine.length, 3);
      for (const [file, problems] of mine) assert.deepEqual(errorsOf(problems), [], file);
    });

    it("document every route where 3.2 says it, SSE items as events holding the yielded item's schema", () => {
      for (const route of routes(model)) {
        const operation = operationOf(v32, model, route);
        if (route.kind !== 'sse') continue;
        const responses = operation.responses as Record<string, { content?: unknown }>;
        const content = responses[String(route.statusCode)]?.content as Record<
          string,
          { itemSchema: ItemSchema }
        >;
        assert.deepEqual(Object.keys(content), ['text/event-stream']);
        const { type, required, properties } = content['text/event-stream']!.itemSchema;
        assert.equal(type, 'object');
        assert.ok(required.includes('data'));
        const item = toSchema2020(route.returns.schema ?? {});
        if (Object.keys(item).length > 0 && route.returns.schema?.svc?.sseItems === undefined)
          assert.ok(JSON.stringify(properties.data).includes(JSON.stringify(item)));
      }
    });
  });
}
