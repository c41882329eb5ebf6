/**
 * The OpenAPI 3.2 document of routes yielding `SseEvent`s (docs/openapi.md): `itemSchema` is the
 * event as a browser parses it, `{data, event, id, retry}`, each kind of data tied to its event
 * names; the document validates, and the events the live server sends fit their item schema.
 * The 3.0.3 document keeps `text/event-stream` as a string.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { AppModel } from '../../src/model/app-model.js';
import {
  analyzeProject,
  buildOpenApi32Document,
  buildOpenApiDocument,
  type OpenApi32Document,
} from '../../src/entries/openapi.js';
import { REPO } from '../cli/helpers.js';
import { assertValidOpenApi32 } from '../openapi/validate32.js';
import { serveFixture } from '../support/served-fixture.js';
import { asOpenApiItems } from './sse-events-browser.js';

const ROOT = join(REPO, 'test', 'fixtures', 'streams', 'events');
const PRICE = { $ref: '#/components/schemas/Price' };
const HALT = { $ref: '#/components/schemas/Halt' };
const json = (contentSchema: object) => ({
  type: 'string',
  contentMediaType: 'application/json',
  contentSchema,
});
const OTHER_FIELDS = { id: { type: 'string' }, retry: { type: 'integer', minimum: 0 } };

function itemSchemaOf(document: OpenApi32Document, path: string): Record<string, unknown> {
  const operation = document.paths[path]?.get as { responses: Record<string, { content: unknown }> };
  const content = operation.responses['200']?.content as Record<
    string,
    { itemSchema: Record<string, unknown> }
  >;
  assert.deepEqual(Object.keys(content), ['text/event-stream']);
  return content['text/event-stream']!.itemSchema;
}

describe('the 3.2 document of SseEvent routes', () => {
  let model: AppModel;
  let document: OpenApi32Document;
  before(() => {
    const result = analyzeProject({ root: ROOT });
    assert.deepEqual(result.diagnostics, []);
    model = result.model as AppModel;
    document = buildOpenApi32Document(model);
  });

  it('describes a union of named events as one object, each name tied to its data', () => {
    assert.deepEqual(itemSchemaOf(document, '/market/feed'), {
      type: 'object',
      required: ['data', 'event'],
      properties: {
        data: { type: 'string' },
        event: { type: 'string', enum: ['price', 'halt'] },
        ...OTHER_FIELDS,
      },
      oneOf: [
        { properties: { event: { const: 'price' }, data: json(PRICE) } },
        { properties: { event: { const: 'halt' }, data: json(HALT) } },
      ],
    });
    assert.deepEqual(Object.keys(document.components?.schemas ?? {}), ['Halt', 'Price', 'SseMessage']);
  });

  it('says one kind of event without branches, and plain items beside events without a name', () => {
    assert.deepEqual(itemSchemaOf(document, '/market/broken'), {
      type: 'object',
      required: ['data', 'event'],
      properties: { data: json(PRICE), event: { type: 'string', const: 'price' }, ...OTHER_FIELDS },
    });
    assert.deepEqual(itemSchemaOf(document, '/market/mixed'), {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'string' }, event: { type: 'string' }, ...OTHER_FIELDS },
      anyOf: [
        { properties: { event: { const: 'price' }, data: json(PRICE) } },
        { properties: { data: { type: 'string' } } },
      ],
    });
  });

  it('says data that is no string item as JSON text, a Date too', () => {
    assert.deepEqual(itemSchemaOf(document, '/market/opened'), {
      type: 'object',
      required: ['data', 'event'],
      properties: {
        data: json({ type: 'string', format: 'date-time' }),
        event: { type: 'string', const: 'opened' },
        ...OTHER_FIELDS,
      },
    });
  });

  it('validates against the OpenAPI 3.2 schema; the 3.0.3 document keeps the stream a string', async () => {
    await assertValidOpenApi32(document);
    const document303 = buildOpenApiDocument(model);
    for (const path of ['/market/feed', '/market/mixed', '/market/opened', '/market/broken']) {
      const success = document303.paths[path]?.get?.responses['200'] as { content?: unknown } | undefined;
      assert.deepEqual(success?.content, {
        'text/event-stream': { schema: { type: 'string' } },
      });
    }
  });
});

describe('the events the server sends, against their itemSchema', () => {
  const served = serveFixture(ROOT);

  it('fit it, and an event of another name or without data does not', async () => {
    const document = buildOpenApi32Document(analyzeProject({ root: ROOT }).model as AppModel);
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: 'doc', components: document.components }, 'doc');
    const check = (path: string) =>
      ajv.compile(JSON.parse(JSON.stringify(itemSchemaOf(document, path)).replaceAll('"#/', '"doc#/')));
    const feed = check('/market/feed');
    const items = asOpenApiItems(await (await fetch(`${served.base}/api/market/feed`)).text());
    assert.deepEqual(
      items.map((item) => [item.event, item.id]),
      [
        ['price', '1'],
        ['price', '2'],
        ['halt', undefined],
      ],
    );
    assert.deepEqual(
      items.map((item) => feed(item)),
      [true, true, true],
    );
    assert.equal(feed({ event: 'other', data: '{}' }), false);
    assert.equal(feed({ event: 'price' }), false);
    const mixed = check('/market/mixed');
    const mixedItems = asOpenApiItems(await (await fetch(`${served.base}/api/market/mixed`)).text());
    assert.deepEqual(
      mixedItems.map((item) => mixed(item)),
      [true, true, true, true, true],
    );
  });
});
