/**
 * The health endpoints of a running app, over real sockets: on by default at /health/live and
 * /health/ready, outside the `/api` prefix and outside the app's lifecycle (its guard wants a
 * token, its middleware stamps every answer: neither runs for a probe), HEAD as GET, 405 for
 * other methods, no request log line for a probe, and readiness 503 naming each check that
 * returned false, threw or gave no answer in time.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { CreateAppOptions, SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import type { Override } from '../../src/runtime/di/container.js';
import { Cache, Database, Search } from '../fixtures/health/src/checks.js';
import { viaInject, viaSocket, type Reply } from '../runtime/helpers.js';

const root = fileURLToPath(new URL('../fixtures/health', import.meta.url));
const OK = '{"status":"ok"}';

interface Served {
  app: SvcApp;
  base: string;
  /** Everything the app logged (request lines and svc's own). */
  lines: string[];
}

const running: SvcApp[] = [];
after(() => Promise.all(running.map((app) => app.close())));

async function serve(options: Omit<CreateAppOptions, 'overrides'> & { overrides?: Override[] } = {}) {
  const lines: string[] = [];
  const app = await createTestApp({ root, log: (line) => lines.push(line), ...options });
  running.push(app);
  const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base: url, lines } satisfies Served;
}

const get = (base: string, url: string, method = 'GET'): Promise<Reply> => viaSocket(base, { method, url });

/** Status, body and the headers a probe's client relies on. */
function probe(reply: Reply) {
  return {
    status: reply.status,
    text: reply.text,
    type: reply.headers['content-type'],
    cache: reply.headers['cache-control'],
    stamped: reply.headers['x-stamped'],
  };
}

const problemType = (reply: Reply): string => (JSON.parse(reply.text) as { type: string }).type;

const requestLines = (lines: string[]) =>
  lines
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => {
      const { method, path, status } = JSON.parse(line) as { method: string; path: string; status: number };
      return `${method} ${path} ${status}`;
    });

describe('health endpoints, by default', () => {
  it('answer 200 {"status":"ok"} as JSON, not cacheable, without the guard or the middleware', async () => {
    const { base } = await serve();
    const expected = {
      status: 200,
      text: OK,
      type: 'application/json',
      cache: 'no-store',
      stamped: undefined,
    };
    assert.deepEqual(probe(await get(base, '/health/live')), expected);
    assert.deepEqual(probe(await get(base, '/health/ready')), expected);
    // The guard and the middleware are there: an API request without a token is refused, stamped.
    const api = await get(base, '/api/things');
    assert.deepEqual(
      { status: api.status, stamped: api.headers['x-stamped'] },
      { status: 401, stamped: 'GET' },
    );
  });

  it('are outside the prefix: served at /health/*, while /api/health/* is no route', async () => {
    const { base } = await serve();
    const paths = ['/health/live', '/health/ready', '/api/health/live', '/api/health/ready'];
    const answers = await Promise.all(paths.map((url) => get(base, url)));
    assert.deepEqual(
      answers.map((answer) => [answer.status, answer.status === 200 ? answer.text : problemType(answer)]),
      [
        [200, OK],
        [200, OK],
        [404, 'urn:svc:error:SVC_ERR_NOT_FOUND'],
        [404, 'urn:svc:error:SVC_ERR_NOT_FOUND'],
      ],
    );
  });

  it('answer HEAD with the same status and headers and no body; other methods are 405', async () => {
    const { base } = await serve();
    const head = await get(base, '/health/ready', 'HEAD');
    assert.deepEqual(
      { status: head.status, length: head.headers['content-length'], text: head.text },
      { status: 200, length: String(OK.length), text: '' },
    );
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const answer = await get(base, '/health/live', method);
      assert.equal(answer.status, 405, method);
      assert.equal(answer.headers.allow, 'GET, HEAD, OPTIONS');
      assert.equal(
        (JSON.parse(answer.text) as { type: string }).type,
        'urn:svc:error:SVC_ERR_METHOD_NOT_ALLOWED',
      );
    }
  });

  it('write no request log line for a probe; other methods on their paths are logged', async () => {
    const { base, lines } = await serve();
    await get(base, '/health/live');
    await get(base, '/health/ready', 'HEAD');
    await get(base, '/health/ready/');
    await get(base, '/api/things');
    await get(base, '/health/live', 'POST');
    assert.deepEqual(requestLines(lines), ['GET /api/things 401', 'POST /health/live 405']);
  });

  it('answer app.inject too', async () => {
    const { app } = await serve();
    const reply = await viaInject(app, { method: 'GET', url: '/health/ready' });
    assert.deepEqual({ status: reply.status, text: reply.text }, { status: 200, text: OK });
  });
});

describe('readiness checks', () => {
  it('a check that returns false, throws or rejects makes ready 503, naming each; live stays 200', async () => {
    const [db, cache, search] = [new Database(), new Cache(), new Search()];
    db.answer = () => false;
    cache.answer = () => {
      throw new Error('cache down');
    };
    search.answer = () => Promise.reject(new Error('index missing'));
    const { base, lines } = await serve({
      overrides: [
        { provide: Database, useValue: db },
        { provide: Cache, useValue: cache },
        { provide: Search, useValue: search },
      ],
    });
    const notReady = {
      status: 503,
      text: '{"status":"unavailable","reason":"checks","checks":{"Database":"failed","Cache":"threw","Search":"threw"}}',
      type: 'application/json',
      cache: 'no-store',
      stamped: undefined,
    };
    assert.deepEqual(probe(await get(base, '/health/ready')), notReady);
    assert.deepEqual(probe(await get(base, '/health/ready')), notReady);
    assert.equal((await get(base, '/health/live')).status, 200);
    // Each check's fall is logged once, with why, however many probes see it.
    assert.deepEqual(lines, [
      'svc: readiness check Database returned false: not ready',
      'svc: readiness check Cache threw (cache down): not ready',
      'svc: readiness check Search threw (index missing): not ready',
    ]);

    db.answer = () => true;
    assert.equal(
      (await get(base, '/health/ready')).text,
      '{"status":"unavailable","reason":"checks","checks":{"Database":"ok","Cache":"threw","Search":"threw"}}',
    );
    cache.answer = () => undefined;
    search.answer = async () => undefined;
    assert.deepEqual(probe(await get(base, '/health/ready')), { ...notReady, status: 200, text: OK });
    assert.deepEqual(lines.slice(3), [
      'svc: readiness check Database is ok again',
      'svc: readiness check Cache is ok again',
      'svc: readiness check Search is ok again',
    ]);
  });

  it('a check that gives no answer within checkTimeoutMs is not ready ("timeout"); probes meanwhile share one run', async () => {
    const search = new Search();
    let calls = 0;
    search.answer = () => {
      calls++;
      return new Promise(() => {});
    };
    const { base, lines } = await serve({
      health: { checkTimeoutMs: 50 },
      overrides: [{ provide: Search, useValue: search }],
    });
    const answers = await Promise.all([1, 2, 3].map(() => get(base, '/health/ready')));
    const timedOut =
      '{"status":"unavailable","reason":"checks","checks":{"Database":"ok","Cache":"ok","Search":"timeout"}}';
    assert.deepEqual(
      answers.map((answer) => [answer.status, answer.text]),
      [
        [503, timedOut],
        [503, timedOut],
        [503, timedOut],
      ],
    );
    assert.equal(calls, 1, 'three probes at once asked the check once');
    assert.deepEqual(lines, ['svc: readiness check Search gave no answer within 50 ms: not ready']);
  });
});

describe('the health option given to createApp', () => {
  it('false turns both endpoints off (404)', async () => {
    const { base } = await serve({ health: false });
    const answers = await Promise.all(['/health/live', '/health/ready'].map((url) => get(base, url)));
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [404, 404],
    );
  });

  it('custom paths serve the endpoints there, and the default paths are free', async () => {
    const { base } = await serve({ health: { live: '/livez', ready: '/ops/readyz' } });
    const answers = await Promise.all(
      ['/livez', '/ops/readyz', '/health/live', '/health/ready'].map((url) => get(base, url)),
    );
    assert.deepEqual(
      answers.map((answer) => [answer.status, answer.status === 200 ? answer.text : '']),
      [
        [200, OK],
        [200, OK],
        [404, ''],
        [404, ''],
      ],
    );
  });
});
