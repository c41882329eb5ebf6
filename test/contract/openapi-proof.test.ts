/**
 * A client generated from the document, used against the live server, proves the document. The
 * contract app is built and started with the real CLI; a client generated from the written
 * swagger.json calls every operation and checks each answer against the document.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { assertValidOpenApi } from '../openapi/validate.js';
import {
  buildProject,
  CONTRACT_APP,
  startBuilt,
  startInProcess,
  type BuiltProject,
  type StartedServer,
} from './contract-app.js';
import { documentedOperations, OpenApiClient } from './openapi-client.js';
import { documentedRoutes, servedRoutes } from './route-coverage.js';

/** Test-only knowledge a real caller has: which token each protected operation needs. */
const TOKENS = { account_me: 'reader-token', account_admin: 'admin-token', streams_private: 'reader-token' };
/** Routes of the app that answer an error on purpose (documented with @ApiResponse). */
const EXPECTED_STATUS = {
  lifecycle_crash: 500,
  lifecycle_httpError: 409,
  lifecycle_notFound: 404,
  lifecycle_teapot: 418,
};
const HIDDEN = ['GET /api/docs/hidden', 'GET /api/internal/ping'];

describe('the contract app against its written swagger.json', () => {
  let built: BuiltProject;
  let server: StartedServer;

  before(async () => {
    built = await buildProject(CONTRACT_APP);
    server = await startBuilt(built.root);
  });
  after(async () => {
    await server?.stop();
    built?.remove();
  });

  it('writes a valid OpenAPI 3.0.3 document, the same in JSON and YAML', async () => {
    await assertValidOpenApi(built.swagger);
    assert.equal(built.swagger.openapi, '3.0.3');
    assert.deepEqual(parse(built.swaggerYamlText), built.swagger);
    assert.deepEqual(built.swagger.servers, [{ url: '/api' }]);
  });

  it('answers every documented operation as documented', async () => {
    const client = new OpenApiClient(built.swagger, server.origin, {
      tokens: TOKENS,
      expectedStatus: EXPECTED_STATUS,
    });
    const results = await client.callAll();
    // Each documented operation called once; the next test holds the document to the route table.
    assert.deepEqual(
      results.map((result) => result.operationId).sort(),
      documentedOperations(built.swagger)
        .map(({ operation }) => operation.operationId)
        .sort(),
    );
    const failures = results.filter((result) => result.problems.length > 0);
    assert.deepEqual(
      failures.map((f) => `${f.operationId} ${f.method} ${f.url} → ${f.status}: ${f.problems.join('; ')}`),
      [],
    );
  });

  it('documents every route the server serves, except the @ApiHidden ones', async () => {
    const printed = [...server.cli.output.matchAll(/^ {2}([A-Z]+)(?: \((?:sse|ws)\))? +(\/\S*) +\S+$/gm)].map(
      (match) => `${match[1]} ${match[2]}`,
    );
    const documented = documentedRoutes(built.swagger);
    assert.deepEqual(printed.filter((route) => !HIDDEN.includes(route)).sort(), documented);
    for (const hidden of HIDDEN) assert.ok(printed.includes(hidden), `${hidden} is served`);
  });

  it('has the same route table in-process (app.routes)', async () => {
    const live = await startInProcess();
    try {
      const served = servedRoutes(live.app.routes);
      assert.deepEqual(
        served.filter((route) => !HIDDEN.includes(route)),
        documentedRoutes(built.swagger),
      );
      assert.ok(HIDDEN.every((route) => served.includes(route)));
    } finally {
      await live.app.close();
    }
  });
});
