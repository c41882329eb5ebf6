/**
 * The typed client of routes yielding `SseEvent`s (docs/client.md, "Streams"): it compiles under
 * `tsc --strict` (and the strictest options) with a script that narrows each event by its name,
 * and that script, run against the app on a real port, gets `{ data, event, id }` as a browser's
 * EventSource would: the name or 'message', the last id sent, the data read by its event's type.
 */
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO } from '../cli/helpers.js';
import { clientOf, makeClientDir, STRICTEST_OPTIONS, typeCheck, type ClientDir } from '../client/helpers.js';
import { serveFixture } from '../support/served-fixture.js';

const ROOT = join(REPO, 'test', 'fixtures', 'streams', 'events');

interface Calls {
  callEvents(baseUrl: string): Promise<unknown>;
}

describe('the typed client of SseEvent routes', () => {
  const served = serveFixture(ROOT);
  let folder: ClientDir;
  before(() => {
    folder = makeClientDir(clientOf(ROOT), []);
    copyFileSync(join(ROOT, 'client-calls.ts'), join(folder.dir, 'client-calls.ts'));
  });
  after(() => folder?.remove());

  it('type-checks a script narrowing on event under tsc --strict; the client under the strictest options', async () => {
    const files = ['client.ts', 'client-calls.ts'];
    assert.deepEqual(await typeCheck(folder.dir, files), { code: 0, output: '' });
    assert.deepEqual(await typeCheck(folder.dir, ['client.ts'], STRICTEST_OPTIONS), { code: 0, output: '' });
  });

  it('yields { data, event, id } from the live stream, each data read by its event', async () => {
    const { callEvents } = await folder.load<Calls>('client-calls.ts');
    assert.deepEqual(await callEvents(`${served.base}/api`), {
      feed: [
        { price: 1250, id: '1' },
        { price: 1275, id: '2' },
        { halt: 'circuit breaker\nlevel 1', id: '2' },
      ],
      mixed: [
        { data: 'hello', event: 'message', id: '' },
        { data: { symbol: 'ACME', cents: 99 }, event: 'price', id: '7' },
        { data: 'line one\nline two', event: 'message', id: '7' },
        { data: 'a note\nover two lines', event: 'message', id: '' },
        { data: 'tagged', event: 'tag', id: '' },
      ],
      // A Date is written as a JSON string: read as JSON, it is the ISO text without quotes.
      opened: [{ data: '1970-01-01T00:00:00.000Z', event: 'opened', id: 'day-0' }],
      notes: [{ data: { text: 'hi' }, event: 'note', id: '' }],
    });
  });
});
