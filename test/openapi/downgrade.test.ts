/**
 * The 3.0.3 downgrade step on hand-written 2020-12 schemas: one golden folder per form
 * (test/openapi/downgrade/<case>/in.json → out.json, compared as text, key order included;
 * `components.json` beside them when the case needs components), every output a valid 3.0.3
 * Schema Object that says no 2020-12 keyword, and the input left as it was.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { downgradeSchema } from '../../src/entries/openapi.js';
import type { JsonSchema } from '../../src/model/json-schema.js';
import type { Schema30 } from '../../src/openapi/types.js';
import { assertGolden } from '../analyzer/golden.js';
import { problems30 } from './schema30-check.js';
import { assertValidOpenApi } from './validate.js';

const folder = fileURLToPath(new URL('./downgrade/', import.meta.url));
const cases = readdirSync(folder).sort();

function read(name: string, file: string): unknown {
  const at = path.join(folder, name, file);
  return existsSync(at) ? JSON.parse(readFileSync(at, 'utf8')) : undefined;
}

function downgradeCase(name: string): { input: JsonSchema; output: Schema30 } {
  const input = read(name, 'in.json') as JsonSchema;
  const components = (read(name, 'components.json') ?? {}) as Record<string, JsonSchema>;
  return { input, output: downgradeSchema(input, (component) => components[component]) };
}

describe('the 3.0.3 downgrade', () => {
  for (const name of cases) {
    it(`${name}: matches out.json`, () => {
      const { output } = downgradeCase(name);
      assertGolden(path.join(folder, name, 'out.json'), `${JSON.stringify(output, null, 2)}\n`);
    });
  }

  it('writes only what 3.0.3 says, for every case (each of whose inputs says something 3.0.3 cannot)', () => {
    for (const name of cases) assert.notDeepEqual(problems30(read(name, 'in.json')), [], name);
    const found = cases.flatMap((name) => problems30(downgradeCase(name).output, name));
    assert.deepEqual(found, []);
  });

  it('writes valid 3.0.3 schemas (every case as a component of one document)', async () => {
    const schemas: Record<string, unknown> = {};
    for (const name of cases) {
      schemas[name] = downgradeCase(name).output;
      Object.assign(schemas, read(name, 'components.json'));
    }
    for (const name of ['Address', 'Cat', 'Dog', 'Tick', 'User', 'Tag']) schemas[name] ??= { type: 'object' };
    await assertValidOpenApi({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {},
      components: { schemas },
    });
  });

  it('leaves its input as it was, and gives back a schema that needs nothing unchanged', () => {
    for (const name of cases) {
      const before = read(name, 'in.json');
      assert.deepEqual(downgradeCase(name).input, before, name);
    }
    const plain: JsonSchema = { type: 'object', properties: { a: { type: 'string', enum: ['x', 'y'] } } };
    assert.equal(downgradeSchema(plain), plain);
  });
});
