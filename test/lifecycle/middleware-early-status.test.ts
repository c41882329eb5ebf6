/**
 * A middleware's stop with a status that is not HTTP (docs/lifecycle.md, "The phases"): 500
 * problem+json `SVC_ERR_EARLY_STATUS` over a real socket, never an empty body; logged once for
 * the component method however many requests meet it; the app keeps serving. A valid stop
 * status still answers as given. A literal such status is an analysis error instead.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject, buildOpenApiDocument, formatDiagnostic } from '../../src/entries/openapi.js';
import { rawRequest } from '../custom-methods/raw-client.js';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/apps/optional-auth/', import.meta.url));
const invalidRoot = fileURLToPath(new URL('../fixtures/apps/optional-auth/invalid/', import.meta.url));
const logs: string[] = [];
const served = serveFixture(root, { log: (line) => logs.push(line), requestLog: false });

const probe = (stop?: string) =>
  fetch(`${served.base}/api/probe`, { headers: stop === undefined ? {} : { 'x-stop': stop } });

describe('a middleware stop with a status that is not HTTP', () => {
  it('answers 500 problem+json SVC_ERR_EARLY_STATUS for 99, 1000, NaN, 2.5 and 101', async () => {
    for (const stop of ['99', '1000', 'NaN', '2.5', '101']) {
      const response = await probe(stop);
      assert.equal(response.status, 500, stop);
      assert.equal(response.headers.get('content-type'), 'application/problem+json', stop);
      const problem = (await response.json()) as Record<string, unknown>;
      assert.deepEqual(
        { type: problem.type, title: problem.title, status: problem.status, detail: problem.detail },
        {
          type: 'urn:svc:error:SVC_ERR_EARLY_STATUS',
          title: 'Internal Server Error',
          status: 500,
          detail: 'A middleware or guard answered with an invalid status.',
        },
        stop,
      );
    }
  });

  it('logged the bad status once, naming the route and the component method', () => {
    assert.deepEqual(logs, [
      'svc: ProbeController.probe: StopWith.check answered early with status 99, which is not an HTTP status (an integer from 200 to 599); answered 500 SVC_ERR_EARLY_STATUS (logged once)',
    ]);
  });

  it('on the wire: the 500 status line and the whole problem body', async () => {
    const port = Number(new URL(served.base).port);
    const request = 'GET /api/probe HTTP/1.1\r\nHost: test\r\nX-Stop: 99\r\nConnection: close\r\n\r\n';
    const answer = await rawRequest(port, [request]);
    assert.match(answer.raw, /^HTTP\/1\.1 500 Internal Server Error\r\n/);
    assert.equal(Number(answer.headers['content-length']), Buffer.byteLength(answer.body, 'latin1'));
    assert.equal((JSON.parse(answer.body) as { type: string }).type, 'urn:svc:error:SVC_ERR_EARLY_STATUS');
  });

  it('keeps serving: a valid stop status and no stop answer as before', async () => {
    const stopped = await probe('418');
    assert.deepEqual([stopped.status, await stopped.json()], [418, { stopped: '418' }]);
    const ran = await probe();
    assert.deepEqual([ran.status, await ran.text()], [200, 'ran']);
  });
});

describe("the middleware's documented early answer", () => {
  it('is on the operation it covers, beside the success: the literal 418, not the computed status', () => {
    const model = analyzeProject({ root }).model!;
    const responses = buildOpenApiDocument(model).paths['/probe']?.get?.responses;
    assert.deepEqual(Object.keys(responses ?? {}), ['200', '418']);
    assert.deepEqual(responses?.['418'], {
      description: 'Stopped by StopWith',
      content: { 'text/plain': { schema: { type: 'string' } } },
    });
  });
});

describe('a literal early-answer status that is not HTTP', () => {
  it('is an analysis error at its file and line, for a stop and a block', () => {
    const result = analyzeProject({ root: invalidRoot });
    const inEarly = result.diagnostics.filter((diagnostic) => diagnostic.file === 'src/early.ts');
    assert.deepEqual(inEarly.map(formatDiagnostic), [
      'src/early.ts:7: error: MiddlewareResult.stop gives status 1000, which is not an HTTP status (an integer from 200 to 599) [SVC_ERR_EARLY_STATUS]',
      'src/early.ts:8: error: GuardResult.block gives status 99, which is not an HTTP status (an integer from 200 to 599) [SVC_ERR_EARLY_STATUS]',
    ]);
  });
});
