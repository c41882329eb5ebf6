/**
 * The three documents of a rate-limited app: each covered operation lists the 429 problem with
 * Retry-After, RateLimit-Policy and RateLimit, and every other answer of it the two RateLimit
 * fields (svc's shared answers written in place to carry them); an opted-out route has none.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject, buildOpenApiDocument } from '../../src/entries/openapi.js';
import type { AppModel } from '../../src/model/app-model.js';
import { buildOpenApi31Document } from '../../src/openapi/v31/document.js';
import { buildOpenApi32Document } from '../../src/openapi/v32/document.js';
import { assertValidOpenApi, assertValidOpenApi31 } from '../openapi/validate.js';
import { assertValidOpenApi32 } from '../openapi/validate32.js';

const root = fileURLToPath(new URL('./fixture', import.meta.url));

interface Response {
  $ref?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: unknown }>;
}
type Paths = Record<string, Record<string, { responses: Record<string, Response> }>>;

const LIMIT_FIELDS = ['RateLimit', 'RateLimit-Policy'];

function responsesOf(document: { paths: unknown }, path: string, method: string): Record<string, Response> {
  const operation = (document.paths as Paths)[path]?.[method];
  assert.ok(operation, `${method} ${path} is documented`);
  return operation.responses;
}

let model: AppModel;
const documents: Record<string, { paths: unknown; components?: unknown }> = {};

before(() => {
  const result = analyzeProject({ root });
  assert.deepEqual(result.diagnostics, []);
  model = result.model as AppModel;
  documents['3.0'] = buildOpenApiDocument(model) as unknown as { paths: unknown };
  documents['3.1'] = buildOpenApi31Document(model) as unknown as { paths: unknown };
  documents['3.2'] = buildOpenApi32Document(model) as unknown as { paths: unknown };
});

for (const version of ['3.0', '3.1', '3.2']) {
  describe(`OpenAPI ${version}`, () => {
    test('a covered route: 200 with the two fields, 429 problem with Retry-After and both', () => {
      const responses = responsesOf(documents[version]!, '/limited/hello', 'get');
      assert.deepEqual(Object.keys(responses).sort(), ['200', '429']);
      assert.deepEqual(Object.keys(responses['200']!.headers ?? {}).sort(), LIMIT_FIELDS);
      const limited = responses['429']!;
      assert.deepEqual(Object.keys(limited.headers ?? {}).sort(), [
        'RateLimit',
        'RateLimit-Policy',
        'Retry-After',
      ]);
      assert.deepEqual(limited.content?.['application/problem+json']?.schema, {
        $ref: '#/components/schemas/ProblemDetails',
      });
    });

    test("svc's own 400, 413 and 415 are written in place with the fields, not referred to", () => {
      const responses = responsesOf(documents[version]!, '/limited/notes', 'post');
      assert.deepEqual(Object.keys(responses).sort(), ['200', '400', '413', '415', '429']);
      for (const [status, response] of Object.entries(responses)) {
        assert.equal(response.$ref, undefined, status);
        assert.ok(response.headers?.RateLimit && response.headers['RateLimit-Policy'], status);
      }
    });

    test('the routes a controller or a route limits list the 429 too; an opted-out route nothing', () => {
      for (const path of ['/users/me', '/tenants', '/limited/short'])
        assert.ok(responsesOf(documents[version]!, path, 'get')['429'], path);
      const free = responsesOf(documents[version]!, '/limited/free', 'get');
      assert.deepEqual(Object.keys(free), ['200']);
      assert.equal(free['200']!.headers, undefined);
    });
  });
}

test('all three documents validate', async () => {
  await assertValidOpenApi(documents['3.0']);
  await assertValidOpenApi31(documents['3.1']);
  await assertValidOpenApi32(documents['3.2']);
});
