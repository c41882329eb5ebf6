/** The spec's YAML writer: whatever the document holds, a YAML reader gets the same data back. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { jsonToYaml } from '../../src/openapi/yaml.js';

const TRICKY_STRINGS = [
  '',
  ' ',
  'plain text',
  '3.0.3',
  '1.0',
  '200',
  '-1',
  '+1',
  '1e3',
  '0x1F',
  '0o17',
  '.inf',
  '.nan',
  '1:20',
  '1_000',
  '2024-01-02',
  '2024-01-02T10:00:00Z',
  'true',
  'False',
  'null',
  '~',
  'yes',
  'No',
  'on',
  'OFF',
  'y',
  'n',
  '/users/{id}',
  '{id}',
  '[a]',
  'a: b',
  'a:',
  'a #b',
  '#comment',
  '- item',
  '? key',
  '&anchor',
  '*alias',
  '!tag',
  '|',
  '>',
  "'single'",
  '"double"',
  '%directive',
  '@at',
  '`tick',
  'trailing ',
  ' leading',
  'line\nbreak',
  'tab\there',
  'back\\slash',
  'unicode é ü 中',
  '\u0085next line',
  '\u2028separator',
  '\u007fdel',
  '\ufeffbom',
  'emoji 😀',
  'application/problem+json',
  'text/plain; charset=utf-8',
  '#/components/schemas/User',
];

describe('jsonToYaml', () => {
  it('gives every tricky string back as the same string, as a value, a key and a list item', () => {
    for (const text of TRICKY_STRINGS) {
      const data = { value: text, [text]: 1, list: [text], nested: { deeper: [{ text }] } };
      assert.deepEqual(parse(jsonToYaml(data)), data, JSON.stringify(text));
    }
  });

  it('keeps numbers, booleans, null, empty containers and nested lists', () => {
    const data = {
      numbers: [0, -1, 1.5, 1e21, 2 ** 53],
      flags: [true, false],
      nothing: null,
      emptyObject: {},
      emptyList: [],
      matrix: [[1, 2], [[3]], []],
      objects: [{ a: 1, b: { c: [{ d: 'e' }] } }, {}],
      '200': { description: 'Success' },
    };
    assert.deepEqual(parse(jsonToYaml(data)), data);
  });

  it('leaves out undefined values as JSON does', () => {
    assert.deepEqual(parse(jsonToYaml({ a: 1, b: undefined })), { a: 1 });
  });

  it('writes the layout the yaml package writes for a document-shaped value', () => {
    const data = {
      openapi: '3.0.3',
      info: { title: 'API', version: '1.0.0' },
      servers: [{ url: '/api' }],
      paths: {
        '/users/{id}': {
          get: {
            tags: ['users'],
            operationId: 'users_get',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'Success' } },
          },
        },
      },
    };
    assert.equal(jsonToYaml(data), stringify(data, { aliasDuplicateObjects: false, lineWidth: 0 }));
  });
});
