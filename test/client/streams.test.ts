/**
 * The typed client of test/fixtures/streams/app (SSE, WebSocket, custom methods): `tsc --strict`
 * accepts it with test/fixtures/client/streams-calls.ts, which then runs against the app served
 * on a real port.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO } from '../cli/helpers.js';
import { serveFixture } from '../support/served-fixture.js';
import { clientOf, makeClientDir, typeCheck, type ClientDir } from './helpers.js';

/** The fixture script's export (its own types are checked by tsc in the folder it runs from). */
interface Calls {
  callStreams(baseUrl: string): Promise<unknown>;
}

const ROOT = join(REPO, 'test', 'fixtures', 'streams', 'app');

describe('the typed client of the streams app', () => {
  const served = serveFixture(ROOT);
  let folder: ClientDir;
  before(() => {
    folder = makeClientDir(clientOf(ROOT), ['streams-calls.ts']);
  });
  after(() => folder?.remove());

  it('type-checks under tsc --strict with a script using every route, ws as the WebSocket class', async () => {
    const run = await typeCheck(folder.dir, ['client.ts', 'streams-calls.ts']);
    assert.deepEqual(run, { code: 0, output: '' });
  });

  it('reads SSE with for await, round-trips a WebSocket (a refused upgrade is an ApiError) and calls custom methods', async () => {
    const { callStreams } = await folder.load<Calls>('streams-calls.ts');
    const seen = await callStreams(`${served.base}/api`);
    assert.deepEqual(seen, {
      frames: ['hello', 'line one\nline two\nline three', { n: 3, label: 'three' }],
      ticks: [
        { n: 0, label: 'tick 0' },
        { n: 1, label: 'tick 1' },
        { n: 2, label: 'tick 2' },
      ],
      cleanupsAfterTicks: 1,
      privateRefused: {
        name: 'ApiError',
        operation: 'events.private',
        status: 401,
        body: 'Missing or invalid Authorization header',
        documented: true,
      },
      privateFrames: ['secret'],
      messages: ['welcome ann to r1 (good-token)', { echo: 'hi', room: 'r1' }],
      refusedSocket: {
        name: 'ApiError',
        operation: 'chat.room',
        status: 401,
        body: 'Missing or invalid Authorization header',
        documented: true,
      },
      refusedOpen: {
        name: 'ApiError',
        operation: 'chat.room',
        status: 401,
        body: 'Missing or invalid Authorization header',
        documented: true,
      },
      brokenMessages: ['about to fail'],
      brokenEnd: { name: 'SocketClosedError', code: 1011 },
      special: 'special answer',
      note: { text: 'ann wrote a note' },
      plain: 'plain',
    });
  });
});
