/** `app.inject` on SSE routes: a finite stream in full, an endless one cut after `maxEvents`. */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { before, describe, it } from 'node:test';
import { createTestApp, type SvcApp } from '../../src/testing/index.js';

const root = fileURLToPath(new URL('../fixtures/streams/app', import.meta.url));
let app: SvcApp;

before(async () => {
  app = await createTestApp({ root, log: () => {} });
});

describe('inject on SSE routes', () => {
  it('returns the exact frames of a finite stream once it ends', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/events/frames' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.equal(
      res.text,
      'data: hello\n\n' +
        'data: line one\ndata: line two\ndata: line three\n\n' +
        'data: {"n":3,"label":"three"}\n\n',
    );
  });

  it('maxEvents larger than a finite stream returns the whole stream', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/events/frames', maxEvents: 10 });
    assert.equal(res.text.split('\n\n').length - 1, 3);
  });

  it('returns the first maxEvents events of an endless stream and runs its finally', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/events/ticks', maxEvents: 3 });
    assert.equal(res.status, 200);
    assert.equal(
      res.text,
      'data: {"n":0,"label":"tick 0"}\n\n' +
        'data: {"n":1,"label":"tick 1"}\n\n' +
        'data: {"n":2,"label":"tick 2"}\n\n',
    );
    // Resolves only once the handler's finally has run.
    const cleanups = await app.inject({ method: 'GET', url: '/api/events/cleanups/1' });
    assert.equal(cleanups.status, 200);
    assert.equal(cleanups.json(), 1);
  });

  it('does not count comments as events', async () => {
    const quietApp = await createTestApp({ root, sseHeartbeatMs: 1, log: () => {} });
    const res = await quietApp.inject({ method: 'GET', url: '/api/events/ticks', maxEvents: 2 });
    const events = res.text.split('\n\n').filter((block) => block.startsWith('data: '));
    assert.deepEqual(events, ['data: {"n":0,"label":"tick 0"}', 'data: {"n":1,"label":"tick 1"}']);
    assert.ok(res.text.endsWith('data: {"n":1,"label":"tick 1"}\n\n'));
  });

  it('HEAD answers the stream headers with an empty body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/api/events/ticks' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.equal(res.text, '');
  });

  it('refuses a maxEvents that is not a positive integer', async () => {
    await assert.rejects(app.inject({ method: 'GET', url: '/api/events/ticks', maxEvents: 0 }), RangeError);
  });

  it('ignores maxEvents on plain responses', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tools/plain', maxEvents: 1 });
    assert.equal(res.text, 'plain');
  });
});
