/** `svc build` writes the three documents, JSON and YAML each, run as the real command line. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { makeProject, removeProject, runCli, REPO } from '../cli/helpers.js';
import { assertValidOpenApi, assertValidOpenApi31 } from './validate.js';
import { assertValidOpenApi32 } from './validate32.js';

describe('svc build: the three documents', () => {
  let root: string;
  let result: Awaited<ReturnType<typeof runCli>>;
  before(async () => {
    root = makeProject();
    result = await runCli(['build', '--root', root], REPO);
  });
  after(() => removeProject(root));

  const read = (name: string): string => readFileSync(join(root, '.svc', 'svc_swagger', name), 'utf8');

  /** The document in `<name>.json`, after checking `<name>.yaml` holds the same. */
  const both = (name: string): { openapi: string; paths: object } => {
    const json = JSON.parse(read(`${name}.json`)) as { openapi: string; paths: object };
    assert.deepEqual(parse(read(`${name}.yaml`)), json);
    return json;
  };

  it('writes swagger.json and swagger.yaml: the valid 3.0.3 document', async () => {
    assert.equal(result.code, 0, result.stderr);
    const json = both('swagger');
    assert.equal(json.openapi, '3.0.3');
    await assertValidOpenApi(json);
  });

  it('writes openapi-3.1.json and openapi-3.1.yaml: the valid 3.1 document, with the same paths', async () => {
    const json = both('openapi-3.1');
    assert.equal(json.openapi, '3.1.0');
    assert.deepEqual(Object.keys(json.paths), Object.keys(both('swagger').paths));
    await assertValidOpenApi31(json);
  });

  it('writes openapi-3.2.json and openapi-3.2.yaml: the valid 3.2 document, with the same paths', async () => {
    const json = both('openapi-3.2');
    assert.equal(json.openapi, '3.2.0');
    assert.deepEqual(Object.keys(json.paths), Object.keys(both('swagger').paths));
    await assertValidOpenApi32(json);
  });
});
