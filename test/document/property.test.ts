/**
 * The spec-driven property tester (docs/openapi.md, "How svc checks its document"): each app is
 * built and served once with `svc build` + `svc start`; the tester reads the three documents svc
 * build wrote (3.0.3, 3.1, 3.2), generates from each, in its dialect, valid and invalid requests
 * for every operation (and TRACE, PUT and an unknown method on every path), sends them over real
 * sockets (each distinct request once) and checks every answer against each document that asked
 * for it. It must find nothing, and the three documents must agree: the same operations, the same
 * verdict on every request they all make.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Credentials } from './spec-tester/cases.js';
import { runTester, type TesterRun } from './spec-tester/run.js';
import { buildAndStart, type BuiltApp } from './spec-tester/served-build.js';
import { operationsOf, type SpecVersion } from './spec-tester/spec-types.js';

interface TestedApp {
  source: string;
  credentials: Credentials;
  /** Operations written to crash (they test the 500 answer), as `METHOD /path`. */
  crashes?: string[];
  /** A case the tester must make from every document, its body, and the status it must get. */
  expected?: { label: string; body: string; status: number };
}

const VERSIONS: SpecVersion[] = ['3.0.3', '3.1', '3.2'];

// The analyzer's sample app is left out: its @Catch(HttpError) turns every HttpError (a 400
// included) into an empty 500, which is the catcher's own choice and no document can foretell.
const APPS: TestedApp[] = [
  { source: '../../examples/bookstore/', credentials: { bearer: 'admin-token' } },
  {
    source: '../fixtures/document/app/',
    credentials: { bearer: 'good', apiKey: 'k1' },
    // A tuple's positions are checked on the wire: the valid ["a", true] swapped is refused.
    expected: {
      label: 'POST /things/tuple/pair with the tuple positions swapped',
      body: '[true,"a"]',
      status: 400,
    },
  },
  { source: '../fixtures/apps/guarded/', credentials: {} },
  { source: '../fixtures/apps/responses/', credentials: {} },
  { source: '../fixtures/apps/openapi32/', credentials: {} },
  { source: '../fixtures/apps/inherited/', credentials: {} },
  // Every error answers in the app's envelope (422 for invalid input): the document says so.
  { source: '../fixtures/apps/envelope/', credentials: {} },
  // RealWorld's Conduit: an app-wide envelope, 422 validation, optional auth on its lists.
  { source: '../../examples/conduit/', credentials: { Token: 'Token demo-token' } },
  {
    source: '../fixtures/contract/app/',
    credentials: { bearer: 'admin-token' },
    crashes: ['GET /lifecycle/crash'],
  },
];

for (const { source, credentials, crashes = [], expected } of APPS) {
  describe(`the three documents of ${source} against svc start`, () => {
    let app: BuiltApp;
    let run: Promise<TesterRun> | undefined;
    const tested = () => (run ??= runTester(app.base, app.documents, { credentials, crashes }));
    before(async () => {
      app = await buildAndStart(fileURLToPath(new URL(source, import.meta.url)));
    });
    after(() => app?.stop());

    it('answers every request generated from each document as that document says', async () => {
      const { findings, byVersion } = await tested();
      for (const version of VERSIONS) {
        const valid = byVersion[version]!.cases.filter((request) => request.kind === 'valid');
        const operations = operationsOf(app.documents[version]).length;
        // An operation whose credential is optional has a second valid request, without it.
        const validOperations = new Set(
          valid.map((request) => `${request.operation?.method} ${request.operation?.path}`),
        );
        assert.equal(validOperations.size, operations, `${version}: a valid request for every operation`);
      }
      assert.deepEqual(findings, []);
    });

    it('finds the same operations in the three documents and the same verdict on every shared request', async () => {
      assert.deepEqual((await tested()).disagreements, []);
    });

    if (expected) {
      it(`sends ${expected.body} as "${expected.label}" from every document: ${expected.status}`, async () => {
        const { byVersion } = await tested();
        for (const version of VERSIONS) {
          const { cases, answers } = byVersion[version]!;
          const index = cases.findIndex((request) => request.label === expected.label);
          assert.ok(index >= 0, `${version} makes the case`);
          assert.equal(cases[index]!.kind, 'invalid');
          assert.equal(cases[index]!.body, expected.body);
          assert.equal(answers[index]!.status, expected.status, `${version}: ${answers[index]!.body}`);
        }
      });
    }
  });
}
