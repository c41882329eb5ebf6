/**
 * The spec-driven property tester (docs/openapi.md, "How svc checks its document"): each app is
 * built and served with `svc build` + `svc start`; the tester reads the document svc build wrote,
 * generates valid and invalid requests for every operation (and TRACE, PUT and an unknown method
 * on every path), sends them over real sockets and checks every answer against the document.
 * It must find nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { casesOf, type Credentials } from './spec-tester/cases.js';
import { findings, SchemaCheck, send } from './spec-tester/check.js';
import { buildAndStart, type BuiltApp } from './spec-tester/served-build.js';
import { operationsOf } from './spec-tester/spec-types.js';

interface TestedApp {
  source: string;
  credentials: Credentials;
  /** Operations written to crash (they test the 500 answer), as `METHOD /path`. */
  crashes?: string[];
}

// The analyzer's sample app is left out: its @Catch(HttpError) turns every HttpError (a 400
// included) into an empty 500, which is the catcher's own choice and no document can foretell.
const APPS: TestedApp[] = [
  { source: '../../examples/bookstore/', credentials: { bearer: 'admin-token' } },
  { source: '../fixtures/document/app/', credentials: { bearer: 'good', apiKey: 'k1' } },
  { source: '../fixtures/apps/guarded/', credentials: {} },
  { source: '../fixtures/apps/responses/', credentials: {} },
  { source: '../fixtures/apps/openapi32/', credentials: {} },
  { source: '../fixtures/apps/inherited/', credentials: {} },
  {
    source: '../fixtures/contract/app/',
    credentials: { bearer: 'admin-token' },
    crashes: ['GET /lifecycle/crash'],
  },
];

for (const { source, credentials, crashes = [] } of APPS) {
  describe(`the document of ${source} against svc start`, () => {
    let app: BuiltApp;
    before(async () => {
      app = await buildAndStart(fileURLToPath(new URL(source, import.meta.url)));
    });
    after(() => app?.stop());

    it('answers every generated request as the document says', async () => {
      const prefix = app.document.servers?.[0]?.url ?? '';
      const cases = casesOf(app.document, prefix, credentials);
      for (const request of cases) {
        const where = request.operation && `${request.operation.method} ${request.operation.path}`;
        request.mayCrash = where !== undefined && crashes.includes(where);
      }
      const check = new SchemaCheck(app.document);
      const found: string[] = [];
      for (const request of cases) {
        const answer = await send(app.base, request);
        for (const finding of findings(app.document, check, request, answer))
          found.push(`${request.label}: ${finding}`);
      }
      const valid = cases.filter((request) => request.kind === 'valid');
      assert.equal(valid.length, operationsOf(app.document).length, 'one valid request per operation');
      assert.deepEqual(found, []);
    });
  });
}
