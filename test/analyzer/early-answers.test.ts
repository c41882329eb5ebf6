/**
 * Guards and middleware in the document: the parameters their role methods bind, and the early
 * answers (`GuardResult.block`, `MiddlewareResult.stop`) of every route they cover.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject, buildOpenApiDocument, type OpenApiDocument } from '../../src/entries/openapi.js';
import { assertValidOpenApi } from '../openapi/validate.js';

const root = fileURLToPath(new URL('../fixtures/apps/guarded/', import.meta.url));
let document: OpenApiDocument;

before(() => {
  const result = analyzeProject({ root });
  assert.deepEqual(result.diagnostics, []);
  assert.ok(result.model);
  document = buildOpenApiDocument(result.model);
});

describe('components in the document', () => {
  it('documents the header, query and cookie parameters of middleware, guards and pre-interceptors', () => {
    assert.deepEqual(document.paths['/vault/open']?.get?.parameters, [
      { name: 'mode', in: 'cookie', required: false, schema: { type: 'string' } },
      { name: 'X-Api-Key', in: 'header', required: false, schema: { type: 'string' } },
      { name: 'tenant', in: 'query', required: true, schema: { type: 'string' } },
    ]);
  });

  it("lets a route's own parameter of the same name and location win", () => {
    assert.deepEqual(document.paths['/vault/traced']?.post?.parameters, [
      { name: 'X-Trace', in: 'header', required: false, schema: { type: 'string' } },
      { name: 'mode', in: 'cookie', required: false, schema: { type: 'string' } },
      { name: 'X-Api-Key', in: 'header', required: false, schema: { type: 'string' } },
      { name: 'tenant', in: 'query', required: true, schema: { type: 'string' } },
    ]);
  });

  it('adds each early answer: literal status or the default, text, JSON or no content', () => {
    const responses = document.paths['/vault/open']?.get?.responses;
    // The guard's required `tenant` query makes a 400 possible.
    assert.deepEqual(Object.keys(responses ?? {}), ['200', '400', '401', '403', '410']);
    assert.deepEqual(responses?.['401'], {
      description: 'Blocked by ApiKeyGuard',
      content: { 'text/plain': { schema: { type: 'string' } } },
    });
    assert.deepEqual(responses?.['403'], { description: 'Blocked by ApiKeyGuard' });
    assert.deepEqual(responses?.['410'], { description: 'Stopped by Maintenance' });
    // The success response keeps 200: the middleware's default-200 JSON stop does not replace it.
    assert.deepEqual(responses?.['200'], {
      description: 'Success',
      content: { 'text/plain': { schema: { type: 'string' } } },
    });
  });

  it('leaves a status the route documents itself (@ApiResponse and the success response win)', () => {
    const responses = document.paths['/vault/traced']?.post?.responses;
    assert.deepEqual(Object.keys(responses ?? {}), ['200', '400', '401', '403', '410']);
    assert.equal((responses?.['401'] as { description?: string } | undefined)?.description, 'Who are you?');
    assert.deepEqual(responses?.['200'], { description: 'Success' });
  });

  it("documents a JSON body by the body's type when the route does not answer that status itself", () => {
    const responses = document.paths['/vault/made']?.post?.responses;
    assert.deepEqual(Object.keys(responses ?? {}), ['200', '201', '400', '401', '403', '410']);
    assert.deepEqual(responses?.['200'], {
      description: 'Stopped by Maintenance',
      content: {
        'application/json': {
          schema: { type: 'object', properties: { down: { type: 'boolean' } }, required: ['down'] },
        },
      },
    });
  });

  it('validates against the OpenAPI 3.0.3 schema', async () => {
    await assertValidOpenApi(document);
  });
});
