/** HTTP behaviour of a small app: routing, binding, return values, errors — over a socket and inject. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { connect } from 'node:net';
import { WebSocket } from 'ws';
import { both, json, viaInject, type Reply } from './helpers.js';

const root = fileURLToPath(new URL('../fixtures/runtime/basic', import.meta.url));
const logs: string[] = [];
let app: SvcApp;
let base: string;

before(async () => {
  app = await createTestApp({ root, log: (line) => logs.push(line), requestLog: false, dev: false });
  base = (await app.listen({ host: '127.0.0.1', port: 0 })).url;
});
after(() => app.close());

function problem(reply: Reply, status: number, code: string): Record<string, unknown> {
  assert.equal(reply.status, status, reply.text);
  assert.equal(reply.headers['content-type'], 'application/problem+json');
  const body = json(reply) as Record<string, unknown>;
  assert.equal(body.type, `urn:svc:error:${code}`);
  assert.equal(body.status, status);
  assert.equal(typeof body.title, 'string');
  assert.equal(typeof body.detail, 'string');
  return body;
}

describe('return values', () => {
  test('string → text/plain', () =>
    both(app, base, { method: 'GET', url: '/api/echo/text' }, (r) => {
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
      assert.equal(r.headers['content-length'], '5');
      assert.equal(r.text, 'hello');
    }));

  test('number, null and objects → JSON', async () => {
    await both(app, base, { method: 'GET', url: '/api/echo/number' }, (r) => {
      assert.equal(r.headers['content-type'], 'application/json');
      assert.equal(r.text, '42');
    });
    await both(app, base, { method: 'GET', url: '/api/echo/null' }, (r) => {
      assert.equal(r.headers['content-type'], 'application/json');
      assert.equal(r.text, 'null');
    });
    await both(app, base, { method: 'GET', url: '/api/echo/async' }, (r) => {
      assert.equal(r.status, 200);
      assert.equal(r.text, '{"ok":true}');
      assert.equal(r.headers['content-length'], '11');
    });
  });

  test('void → empty body with the status', () =>
    both(app, base, { method: 'GET', url: '/api/echo/void' }, (r) => {
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-length'], '0');
      assert.equal(r.headers['content-type'], undefined);
      assert.equal(r.text, '');
    }));

  test('Uint8Array → application/octet-stream', () =>
    both(app, base, { method: 'GET', url: '/api/echo/bytes' }, (r) => {
      assert.equal(r.headers['content-type'], 'application/octet-stream');
      assert.deepEqual([...Buffer.from(r.text, 'latin1')], [1, 2, 3]);
    }));

  test('Date, Map, Set and bigint serialize as the schema says', () =>
    both(app, base, { method: 'GET', url: '/api/echo/rich' }, (r) => {
      assert.equal(
        r.text,
        '{"when":"2024-01-02T03:04:05.000Z","map":{"a":1},"set":["x","y"],"big":12345678901234567890}',
      );
    }));

  test('@StatusCode and @SetHeader (controller and method)', () =>
    both(app, base, { method: 'POST', url: '/api/items', body: { name: 'new' } }, (r) => {
      assert.equal(r.status, 201);
      assert.equal(r.headers['x-controller'], 'items');
      assert.equal(r.headers['x-created'], 'yes');
      assert.deepEqual(json(r), { id: String((json(r) as { id: string }).id), name: 'new', tags: [] });
    }));

  test('@StatusCode(204) on an async void route', () =>
    both(app, base, { method: 'DELETE', url: '/api/items/99' }, (r) => {
      assert.equal(r.status, 204);
      assert.equal(r.text, '');
      assert.equal(r.headers['content-length'], undefined);
    }));
});

describe('routing', () => {
  test('404 for an unknown path', () =>
    both(app, base, { method: 'GET', url: '/api/nope' }, (r) => problem(r, 404, 'SVC_ERR_NOT_FOUND')));

  test('405 with Allow for a known path and a declared method it does not answer', () =>
    both(app, base, { method: 'POST', url: '/api/items/1' }, (r) => {
      problem(r, 405, 'SVC_ERR_METHOD_NOT_ALLOWED');
      assert.equal(r.headers.allow, 'DELETE, GET, HEAD, OPTIONS, PATCH, PUT');
    }));

  test('405 for a method of RFC 9110 that no route of the app declares', () =>
    both(app, base, { method: 'TRACE', url: '/api/items/1' }, (r) => {
      problem(r, 405, 'SVC_ERR_METHOD_NOT_ALLOWED');
      assert.equal(r.headers.allow, 'DELETE, GET, HEAD, OPTIONS, PATCH, PUT');
    }));

  test('501 for a method no route declares', () =>
    both(app, base, { method: 'PROPFIND', url: '/api/items' }, (r) =>
      problem(r, 501, 'SVC_ERR_NOT_IMPLEMENTED'),
    ));

  test('HEAD on a GET route: same headers, no body', async () => {
    const get = await viaInject(app, { method: 'GET', url: '/api/items/1' });
    await both(app, base, { method: 'HEAD', url: '/api/items/1' }, (r) => {
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-type'], 'application/json');
      assert.equal(r.headers['content-length'], get.headers['content-length']);
      assert.equal(r.headers['x-controller'], 'items');
      assert.equal(r.text, '');
    });
  });

  test('OPTIONS answers 204 with Allow', () =>
    both(app, base, { method: 'OPTIONS', url: '/api/echo/text' }, (r) => {
      assert.equal(r.status, 204);
      assert.equal(r.headers.allow, 'GET, HEAD, OPTIONS');
      assert.equal(r.text, '');
    }));

  test('path parameters are percent-decoded', () =>
    both(app, base, { method: 'GET', url: '/api/echo/path/a%20b%2Fc' }, (r) => {
      assert.equal(r.status, 200);
      assert.equal(r.text, 'a b/c');
    }));

  test('a malformed percent-encoding is a 400, and the next request is served', async () => {
    await both(app, base, { method: 'GET', url: '/api/echo/path/%E0%A4%A' }, (r) =>
      problem(r, 400, 'SVC_ERR_BAD_PATH'),
    );
    await both(app, base, { method: 'GET', url: '/api/echo/text' }, (r) => assert.equal(r.status, 200));
  });

  test('a trailing slash matches the same route', () =>
    both(app, base, { method: 'GET', url: '/api/echo/text/' }, (r) => assert.equal(r.text, 'hello')));
});

describe('binding', () => {
  test('query, header and cookie values are coerced to their declared types', () =>
    both(
      app,
      base,
      {
        method: 'GET',
        url: '/api/echo/inputs?n=5&flag=true&tags=a&tags=b',
        headers: { 'X-Token': 'tok', Cookie: 'other=1; session=s%201' },
      },
      (r) => {
        assert.equal(r.status, 200, r.text);
        assert.deepEqual(json(r), { n: 5, flag: true, token: 'tok', session: 's 1', tags: ['a', 'b'] });
      },
    ));

  test('every failing input is listed in one 400 problem', () =>
    both(app, base, { method: 'GET', url: '/api/echo/inputs?n=abc' }, (r) => {
      const body = problem(r, 400, 'SVC_ERR_VALIDATION');
      const errors = body.errors as { in: string; name: string }[];
      assert.deepEqual(errors.map((error) => `${error.in}:${error.name}`).sort(), [
        'cookie:session',
        'header:X-Token',
        'query:flag',
        'query:n',
      ]);
    }));

  test('@Body with a key path binds that value', () =>
    both(app, base, { method: 'PATCH', url: '/api/items/7', body: { name: 'renamed' } }, (r) => {
      assert.equal(r.status, 200);
      assert.equal(r.text, '7:renamed');
    }));

  test('a missing required body is a 400', () =>
    both(app, base, { method: 'POST', url: '/api/items' }, (r) => problem(r, 400, 'SVC_ERR_VALIDATION')));

  test('an empty optional body is undefined', () =>
    both(app, base, { method: 'POST', url: '/api/echo/optional-body' }, (r) => assert.equal(r.text, 'none')));
});

describe('request bodies', () => {
  test('malformed JSON is a 400 and the next request is served', async () => {
    await both(
      app,
      base,
      {
        method: 'POST',
        url: '/api/echo/body',
        body: '{"a":',
        headers: { 'content-type': 'application/json' },
      },
      (r) => problem(r, 400, 'SVC_ERR_MALFORMED_JSON'),
    );
    await both(app, base, { method: 'GET', url: '/api/echo/text' }, (r) => assert.equal(r.status, 200));
  });

  test('a body over the limit is a 413 that closes the connection', async () => {
    const big = JSON.stringify({ data: 'x'.repeat(2000) });
    await both(
      app,
      base,
      { method: 'POST', url: '/api/echo/body', body: big, headers: { 'content-type': 'application/json' } },
      (r) => {
        problem(r, 413, 'SVC_ERR_BODY_TOO_LARGE');
        assert.equal(r.headers.connection, 'close');
      },
    );
    await both(app, base, { method: 'GET', url: '/api/echo/text' }, (r) => assert.equal(r.status, 200));
  });

  test('a body of another content type is a 415', () =>
    both(
      app,
      base,
      {
        method: 'POST',
        url: '/api/echo/body',
        body: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      (r) => problem(r, 415, 'SVC_ERR_UNSUPPORTED_MEDIA_TYPE'),
    ));

  test('__proto__ and constructor.prototype keys are dropped', () =>
    both(
      app,
      base,
      {
        method: 'POST',
        url: '/api/echo/body',
        body: '{"a":1,"__proto__":{"polluted":true},"nested":{"constructor":{"prototype":{"polluted":true}}}}',
        headers: { 'content-type': 'application/json' },
      },
      (r) => {
        assert.equal(r.status, 200);
        assert.deepEqual(json(r), { received: { a: 1, nested: {} }, polluted: null });
      },
    ));
});

describe('errors', () => {
  test('a thrown HttpError answers its status as a problem', () =>
    both(app, base, { method: 'GET', url: '/api/items/404' }, (r) => {
      assert.equal(r.status, 404);
      assert.equal(r.headers['content-type'], 'application/problem+json');
      assert.deepEqual(json(r), {
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: 'No item 404',
        instance: r.headers['x-request-id'],
      });
    }));

  test('HttpError details go in errors', () =>
    both(app, base, { method: 'GET', url: '/api/echo/teapot' }, (r) => {
      assert.deepEqual(json(r), {
        type: 'about:blank',
        title: "I'm a Teapot",
        status: 418,
        detail: 'I am a teapot',
        errors: [{ reason: 'short and stout' }],
        instance: r.headers['x-request-id'],
      });
    }));

  test('an unexpected throw is a 500 with no stack, logged once per request', async () => {
    logs.length = 0;
    await both(app, base, { method: 'GET', url: '/api/echo/crash' }, (r) => {
      const body = problem(r, 500, 'SVC_ERR_INTERNAL');
      assert.equal(body.stack, undefined);
      assert.doesNotMatch(r.text, /secret internals/);
    });
    assert.equal(logs.length, 2);
    assert.match(logs[0] as string, /EchoController\.crash threw: Error: secret internals/);
  });

  test('an unparsable request is a 400 problem and the server keeps serving', async () => {
    const raw = await rawExchange(base, 'GET /api/echo/text HTTP/1.1\r\nHost: x\r\nBad Header: x\r\n\r\n');
    assert.match(raw, /^HTTP\/1\.1 400 Bad Request\r\n/);
    assert.match(raw, /content-type: application\/problem\+json/i);
    assert.match(raw, /"type":"urn:svc:error:SVC_ERR_BAD_REQUEST"/);
    await both(app, base, { method: 'GET', url: '/api/echo/text' }, (r) => assert.equal(r.status, 200));
  });

  test('a WebSocket route asked without an upgrade is a 426', () =>
    both(app, base, { method: 'GET', url: '/api/echo/ws' }, (r) => {
      problem(r, 426, 'SVC_ERR_UPGRADE_REQUIRED');
      assert.equal(r.headers.upgrade, 'websocket');
    }));

  test('a WebSocket route accepts an upgrade and echoes messages', async () => {
    const ws = new WebSocket(base.replace('http', 'ws') + '/api/echo/ws');
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const reply = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
    ws.send('hi');
    assert.equal(await reply, 'echo hi');
    ws.close();
  });
});

/** Writes raw bytes on a fresh connection and collects everything until the server closes it. */
function rawExchange(baseUrl: string, bytes: string): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}
