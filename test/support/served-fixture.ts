/**
 * A fixture project served on a real port for the tests of one file: analyzed and started before
 * them, closed after. `documentOf` gives the fixture's OpenAPI document, with the analysis
 * asserted clean.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { analyzeProject, buildOpenApiDocument, type OpenApiDocument } from '../../src/entries/openapi.js';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp, type TestAppOptions } from '../../src/testing/index.js';

export interface ServedFixture {
  /** Set once the file's `before` hook ran. */
  app: SvcApp;
  /** `http://127.0.0.1:<port>`. */
  base: string;
}

export function serveFixture(root: string, options: Omit<TestAppOptions, 'root'> = {}): ServedFixture {
  const served = {} as ServedFixture;
  before(async () => {
    served.app = await createTestApp({ root, dev: false, log: () => {}, ...options });
    served.base = (await served.app.listen({ host: '127.0.0.1', port: 0 })).url;
    // Client and server share this process, and some tests analyze a project in it (seconds of
    // blocked event loop under load). A kept-alive connection can then outlive the server's 5 s
    // keep-alive timeout unseen, and the next request written on it is cut (ECONNRESET) when the
    // server's timer fires before it reads the request. No real client shares the server's loop.
    const server = served.app.server as { keepAliveTimeout?: number } | undefined;
    if (server !== undefined) server.keepAliveTimeout = 10 * 60_000;
  });
  after(() => served.app.close());
  return served;
}

export function documentOf(root: string): OpenApiDocument {
  const result = analyzeProject({ root });
  assert.deepEqual(result.diagnostics, []);
  assert.ok(result.model);
  return buildOpenApiDocument(result.model);
}
