/**
 * The typed client of test/fixtures/apps/conventions: an operation whose guards check a security
 * scheme takes its credential per call (`call.credentials`, typed from the scheme: a bearer token,
 * an API key, a Basic user and password), required where the scheme is and optional where the
 * guard lets anonymous requests through; compiled by the strictest tsc a user might run, and
 * called against the served fixture. Also: method comments keep the JSDoc's paragraphs and line
 * breaks, `createClient`'s comment calls this app's own first operation, and the 503 of a
 * publishing route is in its documented errors.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serveFixture } from '../support/served-fixture.js';
import { clientOf, makeClientDir, STRICTEST_OPTIONS, typeCheck, type ClientDir } from './helpers.js';

const root = fileURLToPath(new URL('../fixtures/apps/conventions/', import.meta.url));
const served = serveFixture(root);

/** A user's script: each guarded route called with its credential per call, and the refusals. */
const CALLS = `import { ApiError, createClient } from './client.js';

async function status(call: () => Promise<unknown>): Promise<number> {
  try {
    await call();
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

export async function callNotes(baseUrl: string): Promise<unknown[]> {
  const api = createClient({ baseUrl });
  const wrongByDefault = createClient({ baseUrl, headers: { authorization: 'Bearer wrong' } });
  return [
    await api.notes.mine({ credentials: { bearer: 'secret-token' } }),
    await status(() => api.notes.mine()),
    await status(() => api.notes.mine({ credentials: { bearer: 'wrong' } })),
    await wrongByDefault.notes.mine({ credentials: { bearer: 'secret-token' } }),
    await api.notes.keyed(),
    await api.notes.keyed({ credentials: { apiKey: 'key-1' } }),
    await api.notes.keyed({ credentials: {} }),
    await status(() => api.notes.keyed({ credentials: { apiKey: 'key-2' } })),
    await api.notes.basic({ credentials: { basic: { username: 'zoë', password: 'open sesame' } } }),
    await status(() => api.notes.basic({ credentials: { basic: { username: 'zoë', password: 'no' } } })),
  ];
}

export function misuses(api: ReturnType<typeof createClient>): void {
  // @ts-expect-error a required scheme is a required member of credentials
  void api.notes.mine({ credentials: {} });
  // @ts-expect-error a bearer token is a string
  void api.notes.mine({ credentials: { bearer: 1 } });
  // @ts-expect-error Basic takes a user and a password
  void api.notes.basic({ credentials: { basic: 'zoë:open sesame' } });
  // @ts-expect-error an operation without security takes no credentials
  void api.notes.list({ credentials: { bearer: 'secret-token' } });
}
`;

describe('per-call credentials in the typed client', () => {
  let folder: ClientDir;
  let text: string;
  before(() => {
    text = clientOf(root);
    folder = makeClientDir(text, []);
    writeFileSync(join(folder.dir, 'calls.ts'), CALLS);
  });
  after(() => folder?.remove());

  it('type-checks under the strictest options, the misuses being errors', async () => {
    assert.deepEqual(await typeCheck(folder.dir, ['client.ts', 'calls.ts'], STRICTEST_OPTIONS), {
      code: 0,
      output: '',
    });
  });

  it('sends each credential where its scheme says, over the client-wide headers', async () => {
    const { callNotes } = await folder.load<{ callNotes: (baseUrl: string) => Promise<unknown[]> }>(
      'calls.ts',
    );
    assert.deepEqual(await callNotes(`${served.base}/api`), [
      'yours',
      401,
      401,
      'yours',
      'anonymous',
      'key-1',
      'anonymous',
      401,
      'zoë',
      401,
    ]);
  });

  it('types the call option from each scheme, optional where the guard lets anonymous requests through', () => {
    const signatures = text.split('\n').filter((line) => /^ {4}(mine|keyed|basic|list)\(/.test(line));
    assert.deepEqual(signatures, [
      '    list(call?: CallOptions): Promise<Note[]>;',
      '    mine(call?: CallOptions & { credentials?: { bearer: string; } }): Promise<string>;',
      '    keyed(call?: CallOptions & { credentials?: { apiKey?: string; } }): Promise<string>;',
      '    basic(call?: CallOptions & { credentials?: { basic: { username: string; password: string }; } }): Promise<string>;',
    ]);
  });

  it('writes the JSDoc as its paragraphs and lines, then the route, then the credential', () => {
    const api = text.slice(text.indexOf('export interface Api {'));
    const post = api.slice(api.indexOf('    /**\n     * Posts a note'), api.indexOf('    post('));
    assert.equal(
      post,
      [
        '    /**',
        '     * Posts a note to everyone listening.',
        '     *',
        '     * Answers 202 once the transport has it:',
        '     * - 503 while the transport is down,',
        '     * - 400 for a note that is not one.',
        '     *',
        '     * Listeners get it once.',
        '     *',
        '     * POST /notes',
        '     */',
        '',
      ].join('\n'),
    );
    assert.ok(
      api.includes(
        '    /**\n     * GET /notes/mine/key\n     *\n     * apiKey credential: optional\n     */\n',
      ),
    );
    assert.ok(api.includes('    /** GET /notes */\n    list('));
  });

  it("names this app's own first operation in createClient's comment", () => {
    const comment = text.split('\n').find((line) => line.startsWith('/** The client: '));
    assert.equal(
      comment,
      "/** The client: `const api = createClient({ baseUrl: 'http://localhost:8080/api' })`, then `await api.notes.post(...)`. */",
    );
  });

  it("lists the 503 of a publish among the publishing operations' documented errors", () => {
    const documented = text.slice(text.indexOf('const DOCUMENTED_ERRORS'));
    const statuses = (id: string) => new RegExp(`"${id}": \\[([^\\]]*)\\]`).exec(documented)?.[1];
    assert.equal(statuses('notes.post'), '400, 413, 415, 503');
    assert.equal(statuses('notes.share'), '400, 413, 415, 503');
    assert.equal(statuses('notes.archived'), '400, 413, 415');
    assert.equal(statuses('notes.get'), '400, 404');
  });
});
