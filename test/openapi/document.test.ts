/** The OpenAPI writer on hand-built app models: one rule of docs/openapi.md per case. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildOpenApiDocument, documentToJson, documentToYaml } from '../../src/entries/openapi.js';
import { parse } from 'yaml';
import { app, param, route } from './hand-models.js';
import { assertValidOpenApi } from './validate.js';

describe('buildOpenApiDocument', () => {
  it('names the server root without a prefix and keeps the root path', async () => {
    const document = buildOpenApiDocument(app([route({ methodName: 'root' })]));
    assert.deepEqual(document.servers, [{ url: '/' }]);
    assert.deepEqual(Object.keys(document.paths), ['/']);
    assert.equal(document.components, undefined);
    await assertValidOpenApi(document);
  });

  it('strips the prefix, writes {name} and sorts paths and methods', async () => {
    const model = app(
      [
        route({
          methodName: 'remove',
          httpMethod: 'DELETE',
          fullPath: '/v1/b/:id',
          params: [param({ name: 'id', source: 'path' })],
        }),
        route({ methodName: 'get', fullPath: '/v1/b/:id', params: [param({ name: 'id', source: 'path' })] }),
        route({ methodName: 'list', fullPath: '/v1/a' }),
        route({ methodName: 'poke', httpMethod: 'POKE', custom: true, fullPath: '/v1/a' }),
        route({ methodName: 'add', httpMethod: 'POST', fullPath: '/v1/a' }),
      ],
      { prefix: '/v1' },
    );
    const document = buildOpenApiDocument(model);
    assert.deepEqual(document.servers, [{ url: '/v1' }]);
    assert.deepEqual(Object.keys(document), ['openapi', 'info', 'servers', 'security', 'tags', 'paths']);
    assert.deepEqual(Object.keys(document.paths), ['/a', '/b/{id}']);
    assert.deepEqual(Object.keys(document.paths['/a']!), ['get', 'post', 'x-svc-methods']);
    assert.deepEqual(Object.keys(document.paths['/b/{id}']!), ['get', 'delete']);
    assert.equal(document.paths['/a']!['x-svc-methods']!.POKE!.operationId, 'things_poke');
    await assertValidOpenApi(document);
  });

  it("drops svc's hints from schemas, writes enum member names, and prunes components nobody references", async () => {
    const model = app(
      [
        route({
          methodName: 'get',
          returns: { kind: 'json', schema: { $ref: '#/components/schemas/Event' } },
        }),
      ],
      {
        schemas: {
          Event: {
            type: 'object',
            properties: {
              at: { type: 'string', format: 'date-time', svc: { rich: 'Date' } },
              place: { $ref: '#/components/schemas/Place' },
              level: { $ref: '#/components/schemas/Level' },
            },
            required: ['at'],
          },
          Level: { type: 'integer', enum: [0, 1], svc: { enumNames: ['Low', 'High'] } },
          Place: {
            type: 'object',
            properties: {
              tags: { type: 'array', items: { type: 'string' }, uniqueItems: true, svc: { rich: 'Set' } },
            },
          },
          Unused: { type: 'object', properties: {} },
        },
      },
    );
    const document = buildOpenApiDocument(model);
    assert.deepEqual(document.components?.schemas, {
      Event: {
        type: 'object',
        properties: {
          at: { type: 'string', format: 'date-time' },
          place: { $ref: '#/components/schemas/Place' },
          level: { $ref: '#/components/schemas/Level' },
        },
        required: ['at'],
      },
      Level: {
        type: 'integer',
        enum: [0, 1],
        'x-enum-varnames': ['Low', 'High'],
        'x-enumNames': ['Low', 'High'],
      },
      Place: {
        type: 'object',
        properties: { tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } },
      },
    });
    assert.deepEqual(model.schemas.Event?.properties?.at?.svc, { rich: 'Date' }, 'the model is untouched');
    await assertValidOpenApi(document);
  });

  it('documents parameters, not @Data/@Ctx/@Messages, and expands a whole-object query', async () => {
    const document = buildOpenApiDocument(
      app(
        [
          route({
            methodName: 'find',
            params: [
              param({
                name: 'filter',
                source: 'query',
                required: false,
                wholeObject: true,
                schema: { $ref: '#/components/schemas/Filter' },
              }),
              param({ name: 'token', source: 'header', key: 'x-token', description: 'An API token' }),
              param({ name: 'session', source: 'cookie', required: false }),
              param({ name: 'user', source: 'data', schema: {} }),
              param({ name: 'ctx', source: 'ctx', schema: {} }),
            ],
          }),
        ],
        {
          schemas: {
            Filter: {
              type: 'object',
              properties: {
                q: { type: 'string', pattern: '^(a+)+$', svc: { patternLimit: 64 } },
                limit: { type: 'integer' },
              },
              required: ['limit'],
            },
          },
        },
      ),
    );
    assert.deepEqual(document.paths['/']!.get!.parameters, [
      { name: 'q', in: 'query', required: false, schema: { type: 'string', pattern: '^(a+)+$' } },
      // Optional as a whole: `limit` is required only once another property is given.
      {
        name: 'limit',
        in: 'query',
        description: 'Required when any of q is given.',
        required: false,
        schema: { type: 'integer' },
      },
      {
        name: 'x-token',
        in: 'header',
        description: 'An API token',
        required: true,
        schema: { type: 'string' },
      },
      { name: 'session', in: 'cookie', required: false, schema: { type: 'string' } },
    ]);
    assert.equal(document.components, undefined, 'the expanded object is not a referenced component');
    await assertValidOpenApi(document);
  });

  it('wraps @Body key paths in an object', async () => {
    const document = buildOpenApiDocument(
      app([
        route({
          methodName: 'save',
          httpMethod: 'POST',
          params: [
            param({ name: 'city', source: 'body', key: ['address', 'city'] }),
            param({
              name: 'zip',
              source: 'body',
              key: ['address', 'zip'],
              required: false,
              schema: { type: 'number' },
            }),
            param({ name: 'note', source: 'body', key: ['note'], required: false }),
          ],
        }),
      ]),
    );
    assert.deepEqual(document.paths['/']!.post!.requestBody, {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              address: {
                type: 'object',
                properties: { city: { type: 'string' }, zip: { type: 'number' } },
                required: ['city'],
              },
              note: { type: 'string' },
            },
            required: ['address'],
          },
        },
      },
    });
    await assertValidOpenApi(document);
  });

  it('documents each return kind with its media type, and void without content', async () => {
    const document = buildOpenApiDocument(
      app([
        route({
          methodName: 'text',
          fullPath: '/text',
          returns: { kind: 'text', schema: { type: 'string' } },
        }),
        route({
          methodName: 'bytes',
          fullPath: '/bytes',
          returns: { kind: 'bytes', schema: { type: 'string', format: 'binary' } },
        }),
        route({
          methodName: 'none',
          fullPath: '/none',
          httpMethod: 'DELETE',
          statusCode: 204,
          returns: { kind: 'void' },
        }),
        route({
          methodName: 'sse',
          fullPath: '/sse',
          kind: 'sse',
          returns: { kind: 'stream', schema: { type: 'object' } },
        }),
        route({
          methodName: 'ws',
          fullPath: '/ws',
          kind: 'websocket',
          returns: { kind: 'stream', schema: { type: 'string' } },
        }),
      ]),
    );
    const responses = (path: string, method: 'get' | 'delete') => document.paths[path]![method]!.responses;
    assert.deepEqual(responses('/text', 'get'), {
      '200': { description: 'Success', content: { 'text/plain': { schema: { type: 'string' } } } },
    });
    assert.deepEqual(responses('/bytes', 'get'), {
      '200': {
        description: 'Success',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
    });
    assert.deepEqual(responses('/none', 'delete'), { '204': { description: 'Success' } });
    assert.deepEqual(responses('/sse', 'get'), {
      '200': { description: 'Success', content: { 'text/event-stream': { schema: { type: 'string' } } } },
    });
    assert.deepEqual(responses('/ws', 'get'), { '101': { description: 'Switching Protocols' } });
    assert.equal(document.paths['/ws']!.get!['x-svc-websocket'], true);
    await assertValidOpenApi(document);
  });

  it('adds @ApiResponse extras sorted by status; one for the success status re-describes it', async () => {
    const document = buildOpenApiDocument(
      app(
        [
          route({
            methodName: 'get',
            doc: {
              operationId: 'things_get',
              tags: ['things'],
              hidden: false,
              summary: 'Get it',
              deprecated: true,
              responses: [
                { status: 404, description: 'Missing', schema: { $ref: '#/components/schemas/Problem' } },
                { status: 200, description: 'The thing' },
              ],
            },
          }),
        ],
        { schemas: { Problem: { type: 'object' } } },
      ),
    );
    const operation = document.paths['/']!.get!;
    assert.deepEqual(Object.keys(operation), ['tags', 'summary', 'operationId', 'responses', 'deprecated']);
    assert.deepEqual(operation.responses, {
      '200': { description: 'The thing', content: { 'application/json': { schema: { type: 'string' } } } },
      '404': {
        description: 'Missing',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
      },
    });
    await assertValidOpenApi(document);
  });

  it('leaves hidden routes and their schemas out', () => {
    const hidden = route({
      methodName: 'secret',
      fullPath: '/secret',
      returns: { kind: 'json', schema: { $ref: '#/components/schemas/Secret' } },
    });
    hidden.doc.hidden = true;
    const document = buildOpenApiDocument(
      app([hidden, route({ methodName: 'open', fullPath: '/open' })], {
        schemas: { Secret: { type: 'object' } },
      }),
    );
    assert.deepEqual(Object.keys(document.paths), ['/open']);
    assert.equal(document.components, undefined);
  });

  it('serializes JSON and YAML to the same object without YAML aliases', () => {
    const shared = { type: 'string' as const };
    const document = buildOpenApiDocument(
      app([
        route({ methodName: 'a', fullPath: '/a', returns: { kind: 'json', schema: shared } }),
        route({ methodName: 'b', fullPath: '/b', returns: { kind: 'json', schema: shared } }),
      ]),
    );
    const yaml = documentToYaml(document);
    assert.doesNotMatch(yaml, /[&*]a\d/);
    assert.deepEqual(parse(yaml), JSON.parse(documentToJson(document)));
  });
});
