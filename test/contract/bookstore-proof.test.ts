/** examples/bookstore through the same proof: svc build + svc start, client from swagger.json. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertValidOpenApi } from '../openapi/validate.js';
import {
  BOOKSTORE,
  buildProject,
  startBuilt,
  type BuiltProject,
  type StartedServer,
} from './contract-app.js';
import { OpenApiClient } from './openapi-client.js';

/** What a real caller knows: tokens (delete needs the admin role) and ids of existing books. */
const OPTIONS = {
  tokens: {
    books_create: 'reader-token',
    books_replace: 'reader-token',
    books_update: 'reader-token',
    books_remove: 'admin-token',
    account_me: 'reader-token',
  },
  values: {
    books_get: { id: '1' },
    books_replace: { id: '1' },
    books_update: { id: '2' },
    books_remove: { id: '3' },
  },
};

describe('examples/bookstore against its written swagger.json', () => {
  let built: BuiltProject;
  let server: StartedServer;

  before(async () => {
    built = await buildProject(BOOKSTORE);
    server = await startBuilt(built.root);
  });
  after(async () => {
    await server?.stop();
    built?.remove();
  });

  it('writes a valid OpenAPI 3.0.3 document', async () => {
    await assertValidOpenApi(built.swagger);
  });

  it('answers every documented operation as documented', async () => {
    const results = await new OpenApiClient(built.swagger, server.origin, OPTIONS).callAll();
    assert.deepEqual(results.map((r) => r.operationId).sort(), [
      'account_me',
      'books_create',
      'books_get',
      'books_list',
      'books_remove',
      'books_replace',
      'books_update',
    ]);
    const failures = results.filter((result) => result.problems.length > 0);
    assert.deepEqual(
      failures.map((f) => `${f.operationId} ${f.method} ${f.url} → ${f.status}: ${f.problems.join('; ')}`),
      [],
    );
  });
});
