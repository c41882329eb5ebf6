import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { coercer, param } from './helpers.js';

const schemas: Record<string, JsonSchema> = {
  ListQuery: {
    type: 'object',
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: 100 },
      since: { type: 'string', format: 'date-time', svc: { rich: 'Date' } },
      tags: { type: 'array', items: { type: 'string' } },
      sort: { type: 'string', enum: ['asc', 'desc'] },
      active: { type: 'boolean' },
    },
    required: ['limit'],
  },
};

const whole = (mode: 'keep' | 'strip' | 'reject' = 'keep') =>
  coercer(
    param('query', 'query', { $ref: '#/components/schemas/ListQuery' }, { wholeObject: true }),
    schemas,
    mode,
  );

describe('whole-object @Query()', () => {
  it('coerces each declared property like a query value', () => {
    const { value, errors } = whole()({ limit: '10', since: '2024-01-01T00:00:00Z', tags: 'a', active: '0' });
    assert.deepEqual(errors, []);
    const query = value as Record<string, unknown>;
    assert.equal(query.limit, 10);
    assert.ok(query.since instanceof Date);
    assert.deepEqual(query.tags, ['a']);
    assert.equal(query.active, false);
    assert.equal('sort' in query, false);
  });
  it('reports every failing property by name', () => {
    const { value, errors } = whole()({ limit: '0', since: 'soon', sort: 'up', active: ['1', '0'] });
    assert.ok(value !== undefined);
    assert.deepEqual(errors, [
      { in: 'query', name: 'limit', message: 'must be >= 1' },
      { in: 'query', name: 'since', message: 'must be an ISO 8601 date-time' },
      { in: 'query', name: 'sort', message: 'must be one of: asc, desc' },
      { in: 'query', name: 'active', message: 'must be a single value, not repeated' },
    ]);
  });
  it('missing required property → is required; missing query object counts as empty', () => {
    assert.deepEqual(whole()({}).errors, [{ in: 'query', name: 'limit', message: 'is required' }]);
    assert.deepEqual(whole()(undefined).errors, [{ in: 'query', name: 'limit', message: 'is required' }]);
  });
  it('undeclared keys: keep as text, strip, or reject', () => {
    assert.deepEqual(whole('keep')({ limit: '1', other: 'x' }).value, { limit: 1, other: 'x' });
    assert.deepEqual(whole('strip')({ limit: '1', other: 'x' }).value, { limit: 1 });
    assert.deepEqual(whole('reject')({ limit: '1', other: 'x' }).errors, [
      { in: 'query', name: 'other', message: 'is not allowed' },
    ]);
  });
  it('inline object schemas work too', () => {
    const inline = coercer(
      param(
        'query',
        'filter',
        { type: 'object', properties: { q: { type: 'string', minLength: 2 } } },
        { wholeObject: true },
      ),
    );
    assert.deepEqual(inline({ q: 'ab' }), { value: { q: 'ab' }, errors: [] });
    assert.deepEqual(inline({ q: 'a' }).errors, [
      { in: 'query', name: 'q', message: 'must have at least 2 characters' },
    ]);
  });
});
