/**
 * What leaves in an answer, over a real socket: exactly the declared properties, rich values in
 * their documented form, for plain JSON routes, SSE items and WebSocket items; in dev mode each
 * dropped property is logged once per route.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { DocumentValidator, type Schema } from '../contract/openapi-schema.js';
import { analyzeProject, buildOpenApiDocument } from '../../src/entries/openapi.js';
import { viaSocket } from '../runtime/helpers.js';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/wire/app', import.meta.url));
const served = serveFixture(root);

/** A fresh connection per request: a kept-alive one may be closed by the server while a slow test step runs. */
async function get(path: string) {
  const reply = await viaSocket(served.base, { method: 'GET', url: path });
  return { status: reply.status, type: reply.headers['content-type'], text: reply.text };
}

describe('JSON answers carry exactly the declared type', () => {
  test('a UserRow returned as PublicUser leaks no field', async () => {
    const reply = await get('/api/outputs/user');
    assert.equal(reply.status, 200);
    assert.equal(reply.type, 'application/json');
    assert.equal(reply.text, '{"id":"u1","name":"user u1","joined":"2024-01-02T03:04:05.000Z"}');
  });

  test('a list of 100 rows with one extra field each drops it, keeps declared order and optionals', async () => {
    const rows = JSON.parse((await get('/api/outputs/rows')).text) as Record<string, unknown>[];
    assert.equal(rows.length, 100);
    for (const [index, row] of rows.entries()) {
      const keys = index % 2 === 0 ? ['id', 'label', 'meta', 'at', 'note'] : ['id', 'label', 'meta', 'at'];
      assert.deepEqual(Object.keys(row), keys);
    }
    assert.deepEqual(rows[2], {
      id: 2,
      label: 'row "2"',
      meta: { score: 1, tags: ['a', 't2'] },
      at: '2024-06-01T00:00:02.000Z',
      note: 'even 2',
    });
  });

  test('Buffer and Uint8Array properties arrive as base64 and validate against the document', async () => {
    const body = JSON.parse((await get('/api/outputs/attachment')).text) as Record<string, string>;
    assert.deepEqual(body, {
      name: 'a.bin',
      bytes: Buffer.from([0, 1, 2, 250, 255]).toString('base64'),
      raw: Buffer.from('hello, bytes').toString('base64'),
    });
    // The fixture's one diagnostic is the warning on its deliberately `unknown` route.
    const analysis = analyzeProject({ root });
    assert.ok(analysis.model);
    const document = buildOpenApiDocument(analysis.model);
    const attachment = document.components?.schemas?.Attachment as Schema;
    const properties = attachment.properties as Record<string, Schema>;
    assert.deepEqual(properties.bytes, { type: 'string', format: 'byte' });
    assert.deepEqual(properties.raw, { type: 'string', format: 'byte' });
    const path = Object.keys(document.paths).find((key) => key.endsWith('/outputs/attachment')) ?? '';
    const operation = document.paths[path]?.get as unknown as {
      responses: Record<string, { content: Record<string, { schema: Schema }> }>;
    };
    const schema = operation.responses['200']?.content['application/json']?.schema as Schema;
    assert.deepEqual(new DocumentValidator(document as never).errors(schema, body), []);
  });

  test('bigint, Date, URL, Set, Map and null as the document says', async () => {
    assert.equal(
      (await get('/api/outputs/rich')).text,
      '{"id":123456789012345678901234567890,"at":"2024-02-29T00:00:00.000Z","link":"https://example.test/a?b=c",' +
        '"tags":["x","y"],"counts":{"a":1,"b":2},"maybe":null}',
    );
  });

  test('a discriminated union writes each member by its tag; a recursive type drops at every depth', async () => {
    assert.equal(
      (await get('/api/outputs/shapes')).text,
      '[{"kind":"circle","radius":1},{"kind":"square","side":2}]',
    );
    assert.equal(
      (await get('/api/outputs/tree')).text,
      '{"name":"root","children":[{"name":"mid","children":[{"name":"leaf","children":[]}]}]}',
    );
  });

  test('unknown is written as JSON.stringify writes it', async () => {
    assert.equal((await get('/api/outputs/unknown')).text, '{"any":"thing","nested":{"kept":true}}');
  });
});

describe('stream items carry exactly the declared item type', () => {
  test('SSE data items', async () => {
    const text = (await get('/api/outputs/users')).text;
    const data = text.split('\n').filter((line) => line.startsWith('data: '));
    assert.deepEqual(data, [
      'data: {"id":"s1","name":"user s1","joined":"2024-01-02T03:04:05.000Z"}',
      'data: {"id":"s2","name":"user s2","joined":"2024-01-02T03:04:05.000Z"}',
    ]);
  });

  test('WebSocket items', async () => {
    const ws = new WebSocket(served.base.replace('http', 'ws') + '/api/outputs/socket-users');
    const frames: string[] = [];
    ws.on('message', (data) => frames.push(String(data)));
    const code = await new Promise<number>((resolve, reject) => {
      ws.once('close', resolve);
      ws.once('error', reject);
    });
    assert.equal(code, 1000);
    assert.deepEqual(frames, ['{"id":"w1","name":"user w1","joined":"2024-01-02T03:04:05.000Z"}']);
  });
});

describe('dev mode', () => {
  const lines: string[] = [];
  let app: SvcApp;
  let base: string;
  before(async () => {
    app = await createTestApp({ root, dev: true, log: (line) => lines.push(line) });
    base = (await app.listen({ host: '127.0.0.1', port: 0 })).url;
  });
  after(() => app.close());

  test('each dropped property is logged once per route, and the answer still leaves it out', async () => {
    for (let round = 0; round < 3; round++) {
      assert.equal((await fetch(base + '/api/outputs/user')).status, 200);
      assert.equal((await fetch(base + '/api/outputs/rows')).status, 200);
    }
    const warnings = lines.filter((line) => line.includes('left out of the answer'));
    const prefix = 'svc: warning: GET /api/outputs';
    assert.deepEqual(
      new Set(warnings),
      new Set([
        `${prefix}/user (OutputsController.user) returned a property its type does not declare, left out of the answer: PublicUser.passwordHash`,
        `${prefix}/user (OutputsController.user) returned a property its type does not declare, left out of the answer: PublicUser.email`,
        `${prefix}/rows (OutputsController.rows) returned a property its type does not declare, left out of the answer: Row.internal`,
      ]),
    );
    assert.equal(warnings.length, 3);
  });

  test('the dev response check reads bytes, big bigints, Sets and Maps in their wire form', async () => {
    for (const path of ['/api/outputs/attachment', '/api/outputs/rich'])
      assert.equal((await fetch(base + path)).status, 200);
    assert.deepEqual(
      lines.filter((line) => line.includes('does not match its declared type')),
      [],
    );
  });
});
