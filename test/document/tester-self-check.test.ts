/**
 * The property tester finds lies: given the document-truth fixture's document with two planted
 * (a WebSocket route's 426 left out, a wrong media type), it reports exactly those two and nothing else.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject, buildOpenApiDocument } from '../../src/entries/openapi.js';
import { serveFixture } from '../support/served-fixture.js';
import { casesOf } from './spec-tester/cases.js';
import { findings, SchemaCheck, send } from './spec-tester/check.js';
import type { SpecDocument, SpecResponse } from './spec-tester/spec-types.js';

const root = fileURLToPath(new URL('../fixtures/document/app/', import.meta.url));
const served = serveFixture(root);

it('reports an undocumented status and an undocumented media type, and nothing else', async () => {
  const document = structuredClone(
    buildOpenApiDocument(analyzeProject({ root }).model!),
  ) as unknown as SpecDocument;
  delete document.paths['/things/echo/{room}']!.get!.responses['426'];
  const part = document.paths['/things/{id}/parts/{part}']!.get!.responses['200'] as SpecResponse;
  part.content = { 'application/json': { schema: { type: 'string' } } };
  const check = new SchemaCheck(document);
  const found: string[] = [];
  for (const request of casesOf(document, '/api', { bearer: 'good', apiKey: 'k1' })) {
    const answer = await send(served.base, request);
    for (const finding of findings(document, check, request, answer))
      found.push(`${request.label}: ${finding}`);
  }
  assert.deepEqual(found, [
    'GET /things/echo/{room} without the upgrade headers: the status 426 is not documented',
    'GET /things/{id}/parts/{part} (valid): the media type text/plain is not documented (documented: application/json)',
  ]);
});
