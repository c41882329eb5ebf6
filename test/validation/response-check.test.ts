import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { compileResponseCheck } from '../../src/runtime/validation/index.js';

const schemas: Record<string, JsonSchema> = {
  Book: {
    type: 'object',
    properties: {
      title: { type: 'string' },
      published: { type: 'string', format: 'date-time', 'x-svc-type': 'Date' },
      copies: { type: 'integer', format: 'int64', 'x-svc-type': 'bigint' },
      tags: { type: 'array', items: { type: 'string' }, 'x-svc-type': 'Set' },
      stock: { type: 'object', additionalProperties: { type: 'integer' }, 'x-svc-type': 'Map' },
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
});
