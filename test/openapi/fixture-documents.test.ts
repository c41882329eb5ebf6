/**
 * The three documents of the sample app and the 3.2 cases app: each one's golden (exact text),
 * validity, and what 3.2 says that 3.0.3 cannot (stream items, custom methods, tuples, null).
 */
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
  buildOpenApi31Document,
  buildOpenApi32Document,
  buildOpenApiDocument,
  document32ToJson,
  documentToJson,
  writeSpec32Files,
  type OpenApi32Document,
} from '../../src/entries/openapi.js';
import { assertGolden } from '../analyzer/golden.js';
import { assertValidOpenApi, assertValidOpenApi31 } from './validate.js';
import { assertValidOpenApi32 } from './validate32.js';

const sampleRoot = fileURLToPath(new URL('../fixtures/apps/sample/', import.meta.url));
const casesRoot = fileURLToPath(new URL('../fixtures/apps/openapi32/', import.meta.url));

function analyze(root: string): AppModel {
  const result = analyzeProject({ root });
  assert.deepEqual(result.diagnostics, []);
  assert.ok(result.model);
  return result.model;
}

const TICK = { $ref: '#/components/schemas/Tick' };

/** An SSE item as OpenAPI 3.2 says it: the parsed event, whose `data` is the text of its data lines. */
function eventOf(data: object): object {
  return { type: 'object', required: ['data'], properties: { data } };
}

/** The data of an item the server writes as JSON. */
function json(contentSchema: object): object {
  return { type: 'string', contentMediaType: 'application/json', contentSchema };
}

/** The JSON-level value at `path` of the document, for reading past the typed path items. */
function at(document: OpenApi32Document, ...keys: string[]): unknown {
  return keys.reduce<unknown>(
    (value, key) => (value as Record<string, unknown> | undefined)?.[key],
    document,
  );
}

describe('OpenAPI 3.2: the sample app', () => {
  let model: AppModel;
  let document: OpenApi32Document;
  const outputs: string[] = [];
  before(() => {
    model = analyze(sampleRoot);
    document = buildOpenApi32Document(model);
  });
  after(() => outputs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('matches its three goldens', () => {
    assertGolden(
      path.join(sampleRoot, 'expected', 'swagger.json'),
      documentToJson(buildOpenApiDocument(model)),
    );
    assertGolden(
      path.join(sampleRoot, 'expected', 'openapi-3.1.json'),
      documentToJson(buildOpenApi31Document(model)),
    );
    assertGolden(path.join(sampleRoot, 'expected', 'openapi-3.2.json'), document32ToJson(document));
  });

  it('validates each against its official schema', async () => {
    await assertValidOpenApi(buildOpenApiDocument(model));
    await assertValidOpenApi31(buildOpenApi31Document(model));
    await assertValidOpenApi32(document);
  });

  it("gives an SSE route's answer itemSchema: the event a browser parses, its data the yielded item's text or JSON", () => {
    const ticks = at(document, 'paths', '/tools/ticks', 'get', 'responses', '200', 'content');
    assert.deepEqual(ticks, { 'text/event-stream': { itemSchema: eventOf(json(TICK)) } });
    assert.deepEqual(at(document, 'components', 'schemas', 'Tick'), {
      type: 'object',
      properties: { seq: { type: 'number' }, at: { type: 'string' } },
      required: ['seq', 'at'],
    });
    // `string | object`: a string item is sent as it is, an object as JSON.
    const events = at(document, 'paths', '/tools/events', 'get', 'responses', '200', 'content');
    const item = { oneOf: [{ type: 'string' }, { type: 'object' }] };
    assert.deepEqual(events, { 'text/event-stream': { itemSchema: eventOf({ anyOf: [item, json(item)] }) } });
  });

  it('puts the custom method under additionalOperations', () => {
    const item = at(document, 'paths', '/tools/special') as Record<string, unknown>;
    assert.deepEqual(Object.keys(item), ['additionalOperations']);
    assert.deepEqual(Object.keys(item.additionalOperations as object), ['CUSTOM']);
    assert.equal(
      at(document, 'paths', '/tools/special', 'additionalOperations', 'CUSTOM', 'operationId'),
      'tools_special',
    );
  });

  it('says null with type arrays and anyOf, never nullable', () => {
    const health = at(document, 'paths', '/tools/health', 'get', 'responses', '200', 'content');
    assert.deepEqual(at(health as OpenApi32Document, 'application/json', 'schema', 'properties', 'session'), {
      type: ['string', 'null'],
    });
    assert.deepEqual(at(document, 'components', 'schemas', 'User', 'properties', 'address'), {
      anyOf: [{ $ref: '#/components/schemas/Address' }, { type: 'null' }],
    });
    assert.ok(!document32ToJson(document).includes('"nullable"'));
  });

  it('keeps a WebSocket route a get with 101 and x-svc-websocket, with both message schemas', () => {
    const echo = at(document, 'paths', '/tools/echo/{room}', 'get') as Record<string, unknown>;
    // The app's @Catch(HttpError) @StatusCode(500) answers the room's 400 with 500.
    assert.deepEqual(Object.keys(echo.responses as object), ['101', '426', '500']);
    assert.deepEqual(at(document, 'paths', '/tools/echo/{room}', 'get', 'responses', '101'), {
      description: 'Switching Protocols',
    });
    assert.equal(echo['x-svc-websocket'], true);
    assert.deepEqual(echo['x-svc-messages'], { in: { type: 'string' }, out: { type: 'string' } });
  });

  it('writes openapi-3.2.json and .yaml with the same content, byte-identical across runs', async () => {
    const [first, second] = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'svc-spec32-')));
    outputs.push(first!, second!);
    const written = await writeSpec32Files(first!, document);
    assert.equal(written.jsonPath, path.join(first!, '.svc', 'svc_swagger', 'openapi-3.2.json'));
    assert.equal(written.yamlPath, path.join(first!, '.svc', 'svc_swagger', 'openapi-3.2.yaml'));
    const rewritten = await writeSpec32Files(second!, buildOpenApi32Document(analyze(sampleRoot)));
    const json = readFileSync(written.jsonPath, 'utf8');
    const yaml = readFileSync(written.yamlPath, 'utf8');
    assert.equal(readFileSync(rewritten.jsonPath, 'utf8'), json);
    assert.equal(readFileSync(rewritten.yamlPath, 'utf8'), yaml);
    assert.deepEqual(parse(yaml), JSON.parse(json));
  });
});

describe('OpenAPI 3.2: the 3.2 cases app', () => {
  let model: AppModel;
  let document: OpenApi32Document;
  before(() => {
    model = analyze(casesRoot);
    document = buildOpenApi32Document(model);
  });

  it('matches its three goldens, and each validates', async () => {
    const document303 = buildOpenApiDocument(model);
    const document31 = buildOpenApi31Document(model);
    assertGolden(path.join(casesRoot, 'expected', 'swagger.json'), documentToJson(document303));
    assertGolden(path.join(casesRoot, 'expected', 'openapi-3.1.json'), documentToJson(document31));
    assertGolden(path.join(casesRoot, 'expected', 'openapi-3.2.json'), document32ToJson(document));
    await assertValidOpenApi(document303);
    await assertValidOpenApi31(document31);
    await assertValidOpenApi32(document);
  });

  it('writes tuples as prefixItems with positions, closed by items: false', () => {
    const reading = at(document, 'components', 'schemas', 'Reading', 'properties') as Record<string, unknown>;
    assert.deepEqual(reading.point, {
      type: 'array',
      prefixItems: [{ type: 'number' }, { type: 'number' }],
      items: false,
      minItems: 2,
      description: 'A closed tuple: positions 0 and 1.',
    });
    assert.deepEqual(reading.series, {
      type: 'array',
      prefixItems: [{ type: 'string' }],
      items: { type: 'number' },
      minItems: 1,
      description: 'An open tuple: a label, then any number of values.',
    });
    const body = at(
      document,
      'paths',
      '/cases/pair',
      'post',
      'requestBody',
      'content',
      'application/json',
      'schema',
    );
    assert.deepEqual(at(body as OpenApi32Document, 'prefixItems'), [{ type: 'string' }, { type: 'boolean' }]);
  });

  it('writes a `| null` field as a type array and a literal as const', () => {
    const reading = at(document, 'components', 'schemas', 'Reading', 'properties') as Record<string, unknown>;
    assert.deepEqual(reading.note, { type: ['string', 'null'] });
    assert.deepEqual(reading.kind, { type: 'string', const: 'reading' });
  });

  it("gives the SSE route the yielded item's schema and the WebSocket route both message schemas", () => {
    const sse = model.controllers[0]?.routes.find((route) => route.methodName === 'readings');
    assert.deepEqual(sse?.returns.schema, { $ref: '#/components/schemas/Reading' });
    assert.deepEqual(at(document, 'paths', '/cases/readings', 'get', 'responses', '200', 'content'), {
      'text/event-stream': { itemSchema: eventOf(json({ $ref: '#/components/schemas/Reading' })) },
    });
    const chat = at(document, 'paths', '/cases/chat', 'get') as Record<string, unknown>;
    assert.equal(chat['x-svc-websocket'], true);
    assert.deepEqual(chat['x-svc-messages'], {
      in: { type: 'string' },
      out: { type: 'object', properties: { echo: { type: 'string' } }, required: ['echo'] },
    });
  });

  it('puts PURGE under additionalOperations', () => {
    assert.deepEqual(Object.keys(at(document, 'paths', '/cases/cache') as object), ['additionalOperations']);
    assert.deepEqual(Object.keys(at(document, 'paths', '/cases/cache', 'additionalOperations') as object), [
      'PURGE',
    ]);
  });
});
