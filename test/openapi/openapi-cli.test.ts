/**
 * `svc build` writes the three documents, JSON and YAML each, run as the real command line; the
 * analysis run `svc dev` repeats on every change writes the same six files.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { analyzeAndWriteSpec } from '../../src/cli/analyze.js';
import { printNothing } from '../../src/cli/dev-warnings.js';
import {
  buildOpenApiDocuments,
  documentToJson,
  documentToYaml,
  SPEC_DIRECTORY,
  SPEC_FILE_NAMES,
} from '../../src/entries/openapi.js';
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

describe('svc dev: each analysis run writes the three documents', () => {
  let root: string;
  before(() => {
    root = makeProject();
  });
  after(() => removeProject(root));

  it('analyzeAndWriteSpec, which svc dev runs on every change, writes the six files of the model', async () => {
    const run = await analyzeAndWriteSpec(root, undefined, { printer: printNothing, written: {} });
    assert.deepEqual(run.errors, []);
    assert.ok(run.model);
    const documents = buildOpenApiDocuments(run.model);
    for (const [version, name] of Object.entries(SPEC_FILE_NAMES)) {
      const document = documents[version as keyof typeof documents];
      const file = (extension: string): string =>
        readFileSync(join(root, SPEC_DIRECTORY, `${name}.${extension}`), 'utf8');
      assert.equal(file('json'), documentToJson(document), name);
      assert.equal(file('yaml'), documentToYaml(document), name);
    }
  });
});
