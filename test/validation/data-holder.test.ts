/**
 * `@Data()` binds by its schema's mark: `svc.rich: DataHolder` (the analyzer's mark for a
 * parameter typed `DataHolder`) binds the request's holder itself, any other schema the value
 * stored under the parameter's key.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileExtractor } from '../../src/runtime/binding/extractors.js';
import type { Exchange } from '../../src/runtime/http/exchange.js';
import { param } from './helpers.js';

const data = new Map<string, unknown>([['user', { id: 'u1' }]]);
const exchange = { context: { data } } as unknown as Exchange;

test('a parameter marked DataHolder gets the holder itself', () => {
  const extract = compileExtractor(param('data', 'user', { svc: { rich: 'DataHolder' } }));
  assert.equal(extract(exchange), data);
});

test('any other @Data() parameter gets the value stored under its key', () => {
  assert.deepEqual(compileExtractor(param('data', 'user', {}))(exchange), { id: 'u1' });
  const typed = param('data', 'user', { type: 'object', svc: { rich: 'Map' } });
  assert.deepEqual(compileExtractor(typed)(exchange), { id: 'u1' });
});
