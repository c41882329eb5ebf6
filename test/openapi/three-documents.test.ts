/**
 * The three documents of one hand-built model (docs/openapi.md, "Three documents"): each one's
 * exact text (test/openapi/expected/three-documents/), validity against its official schema and
 * swagger-parser, and where each version places what the operation builder made once: custom
 * methods and QUERY, an SSE answer's items, WebSocket messages, a byte answer, null, tuples.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  buildOpenApi31Document,
  buildOpenApi32Document,
  buildOpenApiDocument,
  buildOpenApiDocuments,
  documentToJson,
} from '../../src/entries/openapi.js';
import type { AppModel } from '../../src/model/app-model.js';
import { assertGolden } from '../analyzer/golden.js';
import { app, param, route } from './hand-models.js';
import { assertValidOpenApi, assertValidOpenApi31 } from './validate.js';
import { assertValidOpenApi32 } from './validate32.js';

const expected = fileURLToPath(new URL('./expected/three-documents/', import.meta.url));
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const ITEM_ROUTES = [
  route({
    methodName: 'listItems',
    fullPath: '/api/items',
    returns: { kind: 'json', schema: { type: 'array', items: ref('Item') } },
    doc: {
      operationId: 'things_listItems',
      summary: 'Every item.',
      tags: ['things'],
      hidden: false,
      responses: [],
    },
  }),
  route({
    methodName: 'createItem',
    httpMethod: 'POST',
    fullPath: '/api/items',
    statusCode: 201,
    params: [param({ name: 'item', source: 'body', key: [], schema: ref('Item') })],
    returns: { kind: 'json', schema: ref('Item') },
  }),
  route({
    methodName: 'searchItems',
    httpMethod: 'QUERY',
    custom: true,
    fullPath: '/api/items',
    params: [param({ name: 'filter', source: 'body', key: [], schema: { type: 'object' } })],
    returns: { kind: 'json', schema: { type: 'array', items: ref('Item') } },
  }),
  route({
    methodName: 'purgeItems',
    httpMethod: 'PURGE',
    custom: true,
    fullPath: '/api/items',
    returns: { kind: 'void' },
  }),
  route({
    methodName: 'findItem',
    fullPath: '/api/items/:id',
    params: [param({ name: 'id', source: 'path', schema: { type: 'string' } })],
    returns: { kind: 'json', schema: { anyOf: [ref('Item'), { type: 'null' }] } },
  }),
];

const STREAM_ROUTES = [
  route({
    methodName: 'ticks',
    kind: 'sse',
    fullPath: '/api/ticks',
    returns: { kind: 'stream', schema: ref('Tick') },
  }),
  route({
    methodName: 'socket',
    kind: 'websocket',
    fullPath: '/api/socket',
    params: [param({ name: 'messages', source: 'messages', schema: { type: 'string' } })],
    returns: { kind: 'stream', schema: { type: 'object', properties: { echo: { type: 'string' } } } },
  }),
  route({
    methodName: 'file',
    fullPath: '/api/file',
    returns: { kind: 'bytes', schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
    doc: { operationId: 'files_file', tags: ['files'], hidden: false, responses: [] },
  }),
];

const SCHEMAS: AppModel['schemas'] = {
  Item: {
    type: 'object',
    properties: {
      id: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
      name: { type: ['string', 'null'] },
      kind: { type: 'string', const: 'item' },
      point: {
        type: 'array',
        prefixItems: [{ type: 'number' }, { type: 'number' }],
        items: false,
        minItems: 2,
      },
      labels: { type: 'object', additionalProperties: { type: 'string' }, propertyNames: { pattern: '^x-' } },
      level: { ...ref('Level'), description: 'How much.' },
      blob: { type: 'string', contentEncoding: 'base64', svc: { rich: 'bytes' } },
      weight: { type: 'number', exclusiveMinimum: 0 },
    },
    required: ['id', 'name', 'kind'],
  },
  Level: { type: 'string', enum: ['lo', 'hi'], svc: { enumNames: ['Low', 'High'] } },
  Tick: {
    type: 'object',
    properties: { at: { type: 'string', format: 'date-time', svc: { rich: 'Date' } } },
  },
};

const model = app([...ITEM_ROUTES, ...STREAM_ROUTES], { prefix: '/api', schemas: SCHEMAS });
const v30 = buildOpenApiDocument(model);
const v31 = buildOpenApi31Document(model);
const v32 = buildOpenApi32Document(model);

/** The JSON value at `keys` (the typed documents do not index past a path item). */
function at(document: object, ...keys: string[]): unknown {
  return keys.reduce<unknown>(
    (value, key) => (value as Record<string, unknown> | undefined)?.[key],
    document,
  );
}

describe('three documents of one model', () => {
  it('writes each exactly as its golden, from one neutral document', () => {
    assertGolden(path.join(expected, 'swagger.json'), documentToJson(v30));
    assertGolden(path.join(expected, 'openapi-3.1.json'), documentToJson(v31));
    assertGolden(path.join(expected, 'openapi-3.2.json'), documentToJson(v32));
    assert.deepEqual(buildOpenApiDocuments(model), { '3.0.3': v30, '3.1': v31, '3.2': v32 });
  });

  it('validates each against its official schema, and 3.0.3 and 3.1 with swagger-parser', async () => {
    await assertValidOpenApi(v30);
    await assertValidOpenApi31(v31);
    await assertValidOpenApi32(v32);
  });

  it('places QUERY and custom methods under x-svc-methods in 3.0.3 and 3.1, as query and additionalOperations in 3.2', () => {
    for (const document of [v30, v31]) {
      assert.deepEqual(Object.keys(at(document, 'paths', '/items') as object), [
        'get',
        'post',
        'x-svc-methods',
      ]);
      assert.deepEqual(Object.keys(at(document, 'paths', '/items', 'x-svc-methods') as object), [
        'PURGE',
        'QUERY',
      ]);
    }
    assert.deepEqual(Object.keys(at(v32, 'paths', '/items') as object), [
      'get',
      'post',
      'query',
      'additionalOperations',
    ]);
    assert.deepEqual(Object.keys(at(v32, 'paths', '/items', 'additionalOperations') as object), ['PURGE']);
  });

  it('says an SSE answer as text in 3.0.3 and 3.1, as items in 3.2 (whose components only 3.2 reaches)', () => {
    const content = (document: object) =>
      at(document, 'paths', '/ticks', 'get', 'responses', '200', 'content');
    for (const document of [v30, v31]) {
      assert.deepEqual(content(document), { 'text/event-stream': { schema: { type: 'string' } } });
      assert.equal(at(document, 'components', 'schemas', 'Tick'), undefined);
    }
    const itemSchema = at(content(v32) as object, 'text/event-stream', 'itemSchema', 'properties', 'data');
    assert.deepEqual(itemSchema, {
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: ref('Tick'),
    });
    assert.deepEqual(at(v32, 'components', 'schemas', 'Tick'), {
      type: 'object',
      properties: { at: { type: 'string', format: 'date-time' } },
    });
  });

  it('marks a WebSocket route in every version; only 3.2 says its messages', () => {
    for (const document of [v30, v31, v32])
      assert.equal(at(document, 'paths', '/socket', 'get', 'x-svc-websocket'), true);
    for (const document of [v30, v31])
      assert.equal(at(document, 'paths', '/socket', 'get', 'x-svc-messages'), undefined);
    assert.deepEqual(at(v32, 'paths', '/socket', 'get', 'x-svc-messages'), {
      in: { type: 'string' },
      out: { type: 'object', properties: { echo: { type: 'string' } } },
    });
  });

  it('says a byte answer as format binary in 3.0.3, with contentMediaType in 3.1 and 3.2', () => {
    const schema = (document: object) =>
      at(
        document,
        'paths',
        '/file',
        'get',
        'responses',
        '200',
        'content',
        'application/octet-stream',
        'schema',
      );
    assert.deepEqual(schema(v30), { type: 'string', format: 'binary' });
    for (const document of [v31, v32])
      assert.deepEqual(schema(document), { type: 'string', contentMediaType: 'application/octet-stream' });
  });

  it('writes 2020-12 schemas as the model has them in 3.1 and 3.2, less the hints, and never nullable', () => {
    for (const document of [v31, v32]) {
      const { svc: _hint, ...blob } = SCHEMAS.Item!.properties!.blob!;
      assert.deepEqual(at(document, 'components', 'schemas', 'Item', 'properties', 'blob'), blob);
      assert.deepEqual(at(document, 'components', 'schemas', 'Item', 'properties', 'name'), {
        type: ['string', 'null'],
      });
      assert.ok(!documentToJson(document).includes('"nullable"'));
      assert.ok(!documentToJson(document).includes('"svc"'));
    }
    assert.deepEqual(at(v30, 'components', 'schemas', 'Item', 'properties', 'name'), {
      type: 'string',
      nullable: true,
    });
  });

  it('writes enum member names in every version', () => {
    for (const document of [v30, v31, v32])
      assert.deepEqual(at(document, 'components', 'schemas', 'Level'), {
        type: 'string',
        enum: ['lo', 'hi'],
        'x-enum-varnames': ['Low', 'High'],
        'x-enumNames': ['Low', 'High'],
      });
  });

  it('lists each tag at the root, gives every operation a summary, and says root security [] without schemes', () => {
    for (const document of [v30, v31, v32]) {
      assert.deepEqual(document.tags, [{ name: 'things' }, { name: 'files' }]);
      assert.deepEqual(document.security, []);
    }
    assert.equal(v30.paths['/items']?.get?.summary, 'Every item.');
    assert.equal(v30.paths['/items']?.post?.summary, 'Create item');
    assert.equal(v30.paths['/items']?.['x-svc-methods']?.QUERY?.summary, 'Search items');
  });
});

describe('security in the three documents', () => {
  const secured = app(
    [
      route({ methodName: 'open', fullPath: '/open' }),
      route({ methodName: 'closed', fullPath: '/closed', components: [{ component: 'Auth' }] }),
    ],
    {
      components: [
        {
          file: 'src/auth.ts',
          line: 1,
          className: 'Auth',
          module: 'src/auth.ts',
          dependencies: [],
          methods: [],
          security: { name: 'bearer', scheme: { type: 'http', scheme: 'bearer' } },
        },
      ],
    },
  );

  it('with a scheme: no root security, the open operation says security: [] in every version', () => {
    const documents = buildOpenApiDocuments(secured);
    for (const document of Object.values(documents)) {
      assert.equal(document.security, undefined);
      assert.deepEqual(at(document, 'paths', '/open', 'get', 'security'), []);
      assert.deepEqual(at(document, 'paths', '/closed', 'get', 'security'), [{ bearer: [] }]);
      assert.deepEqual(at(document, 'components', 'securitySchemes'), {
        bearer: { type: 'http', scheme: 'bearer' },
      });
    }
  });
});
