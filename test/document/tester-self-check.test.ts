/**
 * The property tester finds lies. Given the document-truth fixture's three documents with faults
 * planted, it reports exactly those and nothing else: in the 3.0.3 document a WebSocket route's
 * 426 left out and a wrong media type; in the 3.1 document a type array without `null` where the
 * server sends null; in the 3.2 document a tuple whose positions are swapped, and (on the 3.2
 * fixture) an SSE item schema the events' JSON data breaks. Each is found by its own version's
 * checker, and the documents' differing verdicts name the versions.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  analyzeProject,
  buildOpenApi31Document,
  buildOpenApi32Document,
  buildOpenApiDocument,
} from '../../src/entries/openapi.js';
import type { AppModel } from '../../src/model/app-model.js';
import { serveFixture } from '../support/served-fixture.js';
import { runTester } from './spec-tester/run.js';
import type { SpecDocument, SpecResponse, SpecVersion } from './spec-tester/spec-types.js';

const root = fileURLToPath(new URL('../fixtures/document/app/', import.meta.url));
const served = serveFixture(root);
const model = analyzeProject({ root }).model as AppModel;
const credentials = { bearer: 'good', apiKey: 'k1' };
const root32 = fileURLToPath(new URL('../fixtures/apps/openapi32/', import.meta.url));
const served32 = serveFixture(root32);

/** A copy of the document that shares no object with the writer's (schemas are shared there). */
const copy = (document: unknown) => JSON.parse(JSON.stringify(document)) as SpecDocument;

function documents(app = model): Record<SpecVersion, SpecDocument> {
  return {
    '3.0.3': copy(buildOpenApiDocument(app)),
    '3.1': copy(buildOpenApi31Document(app)),
    '3.2': copy(buildOpenApi32Document(app)),
  };
}

it('reports an undocumented status and an undocumented media type in 3.0.3, and nothing else', async () => {
  const planted = documents();
  const document = planted['3.0.3'];
  delete document.paths['/things/echo/{room}']!.get!.responses['426'];
  const part = document.paths['/things/{id}/parts/{part}']!.get!.responses['200'] as SpecResponse;
  part.content = { 'application/json': { schema: { type: 'string' } } };
  const run = await runTester(served.base, { '3.0.3': document }, { credentials });
  assert.deepEqual(run.findings, [
    '3.0.3 GET /things/echo/{room} without the upgrade headers: the status 426 is not documented',
    '3.0.3 GET /things/{id}/parts/{part} (valid): the media type text/plain is not documented (documented: application/json)',
  ]);
});

it('finds a 3.1 type array without null and a swapped 3.2 tuple, each by its own checker', async () => {
  const planted = documents();
  const pairing31 = planted['3.1'].components!.schemas!.Pairing!;
  // The server answers note: null for the valid ["a", true].
  pairing31.properties!.note!.type = ['string'];
  const pair32 = planted['3.2'].components!.schemas!.Pairing!.properties!.pair!;
  pair32.prefixItems = [...pair32.prefixItems!].reverse();
  const run = await runTester(served.base, planted, { credentials });
  const valid = 'POST /things/tuple/pair (valid)';
  const broken31 = 'the body breaks its schema: data/note must be string';
  const broken32 = 'the body breaks its schema: data/pair/0 must be boolean';
  assert.deepEqual(run.findings, [`3.1 ${valid}: ${broken31}`, `3.2 ${valid}: ${broken32}`]);
  assert.deepEqual(run.disagreements, [
    `${valid}: 3.0.3 valid, agrees | 3.1 valid, ${broken31} | 3.2 valid, ${broken32}`,
  ]);
});

it('names the documents that lack an operation the others have', async () => {
  const planted = documents();
  delete planted['3.2'].paths['/things/tuple/pair'];
  const run = await runTester(served.base, planted, { credentials });
  assert.deepEqual(run.findings, []);
  assert.deepEqual(run.disagreements, ['only 3.0.3, 3.1 have the operation POST /things/tuple/pair']);
});

it('reads each event of an SSE answer by the 3.2 itemSchema, its JSON data by the contentSchema', async () => {
  const planted = documents(analyzeProject({ root: root32 }).model as AppModel);
  const stream = planted['3.2'].paths['/cases/readings']!.get!.responses['200'] as SpecResponse;
  const data = stream.content!['text/event-stream']!.itemSchema!.properties!.data!;
  (data as { contentSchema?: unknown }).contentSchema = { type: 'array' };
  const run = await runTester(served32.base, planted, { credentials: {} });
  const broken =
    'event 1 breaks the item schema: data/data must be JSON text matching its contentSchema (the JSON must be array)';
  assert.deepEqual(run.findings, [`3.2 GET /cases/readings (valid): ${broken}`]);
  assert.deepEqual(run.disagreements, [
    `GET /cases/readings (valid): 3.0.3 valid, agrees | 3.1 valid, agrees | 3.2 valid, ${broken}`,
  ]);
});
