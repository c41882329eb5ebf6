/**
 * The types the client writes for each schema form of the app model (JSON Schema 2020-12; the
 * table in docs/client.md, "Types"), on a model written by hand: "or null" in its three forms,
 * literals, enums (with their member names), tuples, `$ref` with siblings, key patterns (as template
 * literal keys when the analyzer wrote them for one) and the
 * rich values as their JSON form. The result compiles under the strictest project and rejects
 * what the schema rejects, and an enum's member object holds the enum's values.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generateClient } from '../../src/client-gen/index.js';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { makeClientDir, STRICTEST_OPTIONS, typeCheck, type ClientDir } from './helpers.js';
import { apiLines, controller, model, param, route } from './hand-models.js';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const SAFE = { minimum: -9007199254740991, maximum: 9007199254740991 };

/** Each component schema and the type the client declares for it. */
const CASES: Record<string, [JsonSchema, string]> = {
  Big: [{ type: 'integer', format: 'int64', svc: { rich: 'bigint' } }, 'number'],
  Book: [
    {
      type: 'object',
      properties: { title: { type: 'string' }, year: { type: ['integer', 'null'], ...SAFE } },
      required: ['title'],
    },
    '{ title: string; year?: number | null; }',
  ],
  Bytes: [{ type: 'string', contentEncoding: 'base64', svc: { rich: 'bytes' } }, 'string'],
  HeadAndRest: [
    { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'number' }, minItems: 1 },
    '[string, ...number[]]',
  ],
  Keyed: [
    {
      type: 'object',
      additionalProperties: { type: 'integer', ...SAFE },
      propertyNames: { pattern: '^[a-z]+$' },
    },
    '{ [key: string]: number; }',
  ],
  IdKeyed: [
    {
      type: 'object',
      additionalProperties: { type: 'boolean' },
      propertyNames: { pattern: '^id--?\\d+(?:\\.\\d+)?$' },
    },
    '{ [key: `id-${number}`]: boolean; }',
  ],
  Lookup: [
    { type: 'object', additionalProperties: { type: 'string' }, svc: { rich: 'Map' } },
    '{ [key: string]: string; }',
  ],
  NullableEnum: [{ type: ['integer', 'null'], enum: [1, 2, null] }, '1 | 2 | null'],
  NullableItems: [{ type: 'array', items: { type: ['string', 'null'] } }, '(string | null)[]'],
  NullableLiteral: [{ type: ['string', 'null'], enum: ['on', null] }, '"on" | null'],
  NullableRef: [{ anyOf: [ref('Book'), { type: 'null' }], description: 'maybe a book' }, 'Book | null'],
  NullableString: [{ type: ['string', 'null'] }, 'string | null'],
  NullableTuple: [
    { type: ['array', 'null'], prefixItems: [{ type: 'integer' }], items: false, minItems: 1 },
    '[number] | null',
  ],
  NullableUnion: [{ oneOf: [ref('Book'), { type: 'string' }, { type: 'null' }] }, 'Book | string | null'],
  NullOnly: [{ type: 'null' }, 'null'],
  OptionalEnd: [
    { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false, minItems: 1 },
    '[string, number?]',
  ],
  OddKeyed: [
    {
      type: 'object',
      additionalProperties: { type: 'string' },
      propertyNames: { pattern: '^a\\$\\{b`\\..*$' },
    },
    '{ [key: `a\\${b\\`.${string}`]: string; }',
  ],
  Pair: [
    { type: 'array', prefixItems: [{ type: 'string' }, { type: 'boolean' }], items: false, minItems: 2 },
    '[string, boolean]',
  ],
  Priority: [{ type: 'integer', enum: [1, 2], svc: { enumNames: ['Low', 'High'] } }, '1 | 2'],
  RefWithSiblings: [{ ...ref('Book'), description: 'the book', deprecated: true }, 'Book'],
  RestThenLast: [
    { type: 'array', items: { anyOf: [{ type: 'number' }, { type: 'string' }] }, minItems: 1 },
    '(number | string)[]',
  ],
  Role: [
    { type: 'string', enum: ['admin', 'member'], svc: { enumNames: ['Admin', 'Member'] } },
    '"admin" | "member"',
  ],
  StringOrNumber: [{ type: ['string', 'number'] }, 'string | number'],
  Switch: [{ type: 'string', const: 'on' }, '"on"'],
  Tags: [{ type: 'array', items: { type: 'string' }, uniqueItems: true, svc: { rich: 'Set' } }, 'string[]'],
  When: [{ type: 'string', format: 'date-time', svc: { rich: 'Date' } }, 'string'],
  XKeyed: [
    { type: 'object', additionalProperties: { type: 'string' }, propertyNames: { pattern: '^x-.*$' } },
    '{ [key: `x-${string}`]: string; }',
  ],
};

const SCHEMAS = Object.fromEntries(Object.entries(CASES).map(([name, [schema]]) => [name, schema]));

/** One route that returns every case, with nullable Date and bigint query arguments. */
const CLIENT = generateClient(
  model(
    [
      controller('ShapesController', 'shapes', [
        route(
          'get',
          '/api/shapes',
          [
            param('since', 'query', {
              required: false,
              schema: { type: ['string', 'null'], format: 'date-time', svc: { rich: 'Date' } },
            }),
            param('after', 'query', {
              schema: { type: 'integer', format: 'int64', svc: { rich: 'bigint' } },
            }),
          ],
          {
            returns: {
              kind: 'json',
              schema: {
                type: 'object',
                properties: Object.fromEntries(Object.keys(CASES).map((name) => [name, ref(name)])),
              },
            },
          },
        ),
      ]),
    ],
    SCHEMAS,
  ),
);

/** A script that uses the types: each `@ts-expect-error` line must be an error, the others not. */
const USES = `import { Priority, Role, type HeadAndRest, type IdKeyed, type NullableRef, type OddKeyed, type OptionalEnd, type Pair, type XKeyed } from './client.js';

export const pair: Pair = ['a', true];
// @ts-expect-error a closed tuple has no third element
export const longPair: Pair = ['a', true, 1];
export const rest: HeadAndRest = ['a', 1, 2, 3];
// @ts-expect-error the rest are numbers
export const wrongRest: HeadAndRest = ['a', 'b'];
export const short: OptionalEnd = ['a'];
export const none: NullableRef = null;
export const role: Role = Role.Member;
export const priority: Priority = Priority.High;
// @ts-expect-error not a value of the enum
export const owner: Role = 'owner';
export const headers: XKeyed = { 'x-trace': 'a' };
// @ts-expect-error a key outside the pattern
export const wrongHeaders: XKeyed = { trace: 'a' };
export const ids: IdKeyed = { 'id-7': true };
// @ts-expect-error not a number after id-
export const wrongIds: IdKeyed = { 'id-x': true };
export const odd: OddKeyed = { 'a$\{b\`.z': 'z' };
`;

describe('client types of the 2020-12 schema forms', () => {
  let folder: ClientDir;
  before(() => {
    folder = makeClientDir(CLIENT, []);
    writeFileSync(join(folder.dir, 'uses.ts'), USES);
  });
  after(() => folder?.remove());

  it('declares each named schema as its TypeScript type, and an enum with member names as a const object too', () => {
    const named = CLIENT.slice(0, CLIENT.indexOf('export interface Api {'));
    const declarations = named.split('\n').filter((line) => /^export (type|const) /.test(line));
    // Declared in the order of their names' code units (`NullOnly` before `NullableEnum`).
    const expected = Object.entries(CASES)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .flatMap(([name, [, type]]) => {
        const declaration = `export type ${name} = ${type};`;
        if (name === 'Role')
          return [declaration, 'export const Role = { Admin: "admin", Member: "member" } as const;'];
        if (name === 'Priority')
          return [declaration, 'export const Priority = { Low: 1, High: 2 } as const;'];
        return [declaration];
      });
    assert.deepEqual(declarations, expected);
  });

  it('lets a nullable Date or a bigint query argument also take a Date or a bigint', () => {
    const [, method] = apiLines(CLIENT);
    assert.equal(
      method?.slice(0, method.indexOf(')')),
      'get(args: { since?: Date | string | null; after: bigint | number; }, call?: CallOptions',
    );
  });

  it('compiles in the strictest project, and the types reject what the schemas reject', async () => {
    const run = await typeCheck(folder.dir, ['client.ts', 'uses.ts'], STRICTEST_OPTIONS);
    assert.deepEqual(run, { code: 0, output: '' });
  });

  it("gives an enum's member object the enum's values", async () => {
    const client = await folder.load<{ Role: unknown; Priority: unknown }>('client.ts');
    assert.deepEqual(
      { Role: client.Role, Priority: client.Priority },
      { Role: { Admin: 'admin', Member: 'member' }, Priority: { Low: 1, High: 2 } },
    );
  });
});
