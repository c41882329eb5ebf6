import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { compileResponseCheck } from '../../src/runtime/validation/index.js';

const schemas: Record<string, JsonSchema> = {
  Book: {
    type: 'object',
    properties: {
      title: { type: 'string' },
      published: { type: 'string', format: 'date-time', svc: { rich: 'Date' } },
      copies: { type: 'integer', format: 'int64', svc: { rich: 'bigint' } },
      tags: { type: 'array', items: { type: 'string' }, svc: { rich: 'Set' } },
      stock: { type: 'object', additionalProperties: { type: 'integer' }, svc: { rich: 'Map' } },
    },
    required: ['title', 'published'],
  },
};

describe('compileResponseCheck (dev mode)', () => {
  const check = compileResponseCheck(
    { type: 'array', items: { $ref: '#/components/schemas/Book' } },
    schemas,
  );
  it('accepts a value whose JSON form matches (Date, bigint, Set, Map serialized first)', () => {
    const book = {
      title: 'T',
      published: new Date(0),
      copies: 3n,
      tags: new Set(['a']),
      stock: new Map([['oslo', 2]]),
    };
    assert.equal(check([book]), undefined);
  });
  it('describes what does not match', () => {
    assert.equal(
      check([{ title: 1 }]),
      'does not match its declared schema: /0/published is required; /0/title must be a string',
    );
    assert.equal(check({}), 'does not match its declared schema: (root) must be an array');
  });
  it('limits the listing', () => {
    const problem = check(Array.from({ length: 8 }, () => ({})));
    assert.match(problem ?? '', /\(and 11 more\)$/);
  });
  it('a text schema checks strings', () => {
    const text = compileResponseCheck({ type: 'string' }, {});
    assert.equal(text('ok'), undefined);
    assert.equal(text(5), 'does not match its declared schema: (root) must be a string');
  });
  it('a tuple is checked by position, bytes as base64, null where the type allows it', () => {
    const row = compileResponseCheck(
      {
        type: 'array',
        prefixItems: [
          { type: 'string', contentEncoding: 'base64', svc: { rich: 'bytes' } },
          { type: ['string', 'null'], format: 'date-time', svc: { rich: 'Date' } },
        ],
        items: false,
        minItems: 2,
      },
      {},
    );
    assert.equal(row([Buffer.from('hi'), new Date(0)]), undefined);
    assert.equal(row([Buffer.from('hi'), null]), undefined);
    assert.equal(
      row([1, 'x']),
      'does not match its declared schema: /0 must be a string; /1 must be a valid date-time',
    );
  });
});
