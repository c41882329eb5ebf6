/** `svc build` writes the OpenAPI 3.2 files beside the 3.0.3 ones, run as the real command line. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { makeProject, removeProject, runCli, REPO } from '../cli/helpers.js';
import { assertValidOpenApi } from './validate.js';
import { assertValidOpenApi32 } from './validate32.js';

describe('svc build: both documents', () => {
  let root: string;
  let result: Awaited<ReturnType<typeof runCli>>;
  before(async () => {
    root = makeProject();
    result = await runCli(['build', '--root', root], REPO);
  });
  after(() => removeProject(root));

  const read = (name: string): string => readFileSync(join(root, '.svc', 'svc_swagger', name), 'utf8');

  it('writes openapi-3.2.json and openapi-3.2.yaml with the same valid 3.2 document', async () => {
    assert.equal(result.code, 0, result.stderr);
    const json = JSON.parse(read('openapi-3.2.json'));
    assert.equal(json.openapi, '3.2.0');
    assert.deepEqual(parse(read('openapi-3.2.yaml')), json);
    await assertValidOpenApi32(json);
  });

  it('keeps swagger.json and swagger.yaml the valid 3.0.3 document', async () => {
    const json = JSON.parse(read('swagger.json'));
    assert.equal(json.openapi, '3.0.3');
    assert.deepEqual(parse(read('swagger.yaml')), json);
    assert.deepEqual(Object.keys(json.paths), Object.keys(JSON.parse(read('openapi-3.2.json')).paths));
    await assertValidOpenApi(json);
  });
});
