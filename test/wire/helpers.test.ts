/** The serializer's hand-written writers against the engine's: same text for every input. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { quote, writeBytes, writeDate } from '../../src/runtime/serialize/helpers.js';
import { Random } from './corpus.js';

test('writeDate writes what toJSON writes: edges of the four-digit years, invalid, far dates', () => {
  const edges = [
    new Date(Number.NaN),
    new Date(Date.UTC(999, 11, 31, 23, 59, 59, 999)),
    new Date(Date.UTC(1000, 0, 1)),
    new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999)),
    new Date(Date.UTC(10000, 0, 1)),
    new Date(8.64e15),
    new Date(-8.64e15),
    new Date(Date.UTC(2024, 1, 29, 0, 0, 0, 7)),
    new Date(Date.UTC(2024, 1, 29, 0, 0, 0, 70)),
  ];
  const random = new Random(11);
  const spread = Array.from({ length: 2000 }, () => new Date(Math.round((random.next() - 0.4) * 6e13)));
  for (const date of [...edges, ...spread]) assert.equal(writeDate(date), JSON.stringify(date) ?? 'null');
  assert.equal(writeDate('2024-01-01'), '"2024-01-01"');
});

test('quote writes what JSON.stringify writes: escapes, surrogates, long strings', () => {
  const strings = [
    '',
    'plain',
    'é ü',
    'say "hi"',
    'a\\b',
    'tab\there',
    '\u0000',
    '\u001f',
    '\u007f',
    '\u2028',
  ];
  strings.push('😀', '\ud800', '\udc00x', 'x'.repeat(40), 'x'.repeat(41) + '"', 'y'.repeat(500));
  for (const text of strings) assert.equal(quote(text), JSON.stringify(text), JSON.stringify(text));
});

test('writeBytes: a Buffer, a Uint8Array view into a larger buffer, an ArrayBuffer, as base64', () => {
  const backing = new Uint8Array([9, 9, 1, 2, 3, 9]);
  assert.equal(writeBytes(new Uint8Array(backing.buffer, 2, 3)), '"AQID"');
  assert.equal(writeBytes(Buffer.from('hi')), '"aGk="');
  assert.equal(writeBytes(new Uint8Array([255]).buffer), '"/w=="');
  assert.equal(writeBytes('already'), '"already"');
});
