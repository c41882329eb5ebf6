/**
 * The document of test/fixtures/validation/truth-app: the type rules of docs/openapi.md ("Never
 * more than the type"), handler JSDoc and header names as the document shows them. The same app's
 * validation is tested over a socket in test/validation/type-truth.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  analyzeProject,
  buildOpenApi31Document,
  buildOpenApi32Document,
  buildOpenApiDocument,
} from '../../src/entries/openapi.js';
import type { AppModel } from '../../src/model/app-model.js';
import { assertValidOpenApi, assertValidOpenApi31 } from './validate.js';
import { assertValidOpenApi32 } from './validate32.js';

const root = fileURLToPath(new URL('../fixtures/validation/truth-app', import.meta.url));
const analysis = analyzeProject({ root });
assert.deepEqual(analysis.diagnostics, []);
const model = analysis.model as AppModel;
const document = buildOpenApiDocument(model);
const schemas = document.components?.schemas ?? {};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('type rules in the document', () => {
  it('the three documents validate against the official OpenAPI schemas', async () => {
    await assertValidOpenApi(document);
    await assertValidOpenApi31(buildOpenApi31Document(model));
    await assertValidOpenApi32(buildOpenApi32Document(model));
  });

  it('an inline discriminated union maps its tag to members made components', () => {
    assert.deepEqual(schemas.TaskEvent, {
      oneOf: [ref('TaskEvent_created'), ref('TaskEvent_deleted')],
      discriminator: {
        propertyName: 'kind',
        mapping: { created: ref('TaskEvent_created').$ref, deleted: ref('TaskEvent_deleted').$ref },
      },
    });
    assert.deepEqual(schemas.TaskEvent_deleted, {
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['deleted'] },
        at: { type: 'string', format: 'date-time' },
      },
      required: ['kind', 'at'],
    });
  });

  it('null alone, alias patterns, key patterns and open literal unions say exactly what they accept', () => {
    const properties = (schemas.Payment as { properties: Record<string, unknown> }).properties;
    assert.deepEqual(properties.cleared, { type: 'string', nullable: true, enum: [null] });
    assert.deepEqual(properties.currency, { type: 'string', pattern: '^[A-Z]{3}$' });
    assert.deepEqual(properties.extras, {
      type: 'object',
      additionalProperties: { type: 'string' },
      'x-propertyNames': { pattern: '^x-.*$' },
      description: 'Keys are extension names.',
    });
    assert.deepEqual(properties.rates, {
      type: 'object',
      additionalProperties: { type: 'number' },
      'x-propertyNames': { pattern: '^[A-Z]{3}$' },
    });
    assert.deepEqual(properties.level, {
      anyOf: [{ type: 'string', enum: ['low', 'high'] }, { type: 'string' }],
      description: 'Anything, but `low` and `high` are the usual ones.',
    });
    assert.deepEqual(schemas.Tags, { type: 'array', items: { type: 'string' } });
  });

  it('never and void properties are left out, also when a type argument makes them void', () => {
    assert.deepEqual(schemas.Envelope_void, {
      type: 'object',
      properties: { status: { type: 'string' } },
      required: ['status'],
    });
  });

  it('class properties without a type annotation have their inferred types', () => {
    assert.deepEqual(schemas.Counter, {
      type: 'object',
      properties: {
        count: { type: 'number' },
        label: { type: 'string' },
        created: { type: 'string', format: 'date-time' },
      },
      required: ['count', 'label', 'created'],
    });
  });

  it('in 3.1 and 3.2 a key pattern is propertyNames, and null alone the null type', () => {
    for (const later of [buildOpenApi31Document(model), buildOpenApi32Document(model)]) {
      const payment = later.components?.schemas?.Payment?.properties ?? {};
      assert.deepEqual(payment.cleared, { type: 'null' });
      assert.deepEqual(payment.rates, {
        type: 'object',
        additionalProperties: { type: 'number' },
        propertyNames: { pattern: '^[A-Z]{3}$' },
      });
    }
  });

  it("a query parameter typed with a pattern alias carries the alias's pattern", () => {
    const operation = document.paths['/truth/payments']?.post;
    const query = operation?.parameters?.find(
      (parameter) => 'name' in parameter && parameter.name === 'convertTo',
    );
    assert.deepEqual(query, {
      name: 'convertTo',
      in: 'query',
      required: false,
      schema: { type: 'string', pattern: '^[A-Z]{3}$' },
    });
  });
});

describe('handler JSDoc and header names', () => {
  const operation = document.paths['/truth/request-id']?.post;

  it('the first sentence is the summary, the rest the description, @deprecated marks it', () => {
    assert.equal(operation?.summary, 'Echoes the request id.');
    assert.equal(
      operation?.description,
      'Matched case-insensitively.\n\nThe document spells the header as written.',
    );
    assert.equal(operation?.deprecated, true);
  });

  it('a header parameter keeps the spelling written in @Header', () => {
    assert.deepEqual(
      operation?.parameters?.map((parameter) => ('name' in parameter ? [parameter.in, parameter.name] : [])),
      [['header', 'X-Request-Id']],
    );
  });
});
