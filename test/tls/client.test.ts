/**
 * The typed client over TLS, through its `fetch` option: once with a fetch on Node's HTTP/2
 * client (one session, ALPN h2) and once with one on node:https (HTTP/1.1), so the same calls
 * (JSON, a validation problem as ApiError, an SSE stream left early, a custom method) are checked
 * on both protocols; its WebSocket goes over TLS on HTTP/1.1.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { request as httpsRequest } from 'node:https';
import type { ClientHttp2Session, IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http2';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';
import { clientOf, makeClientDir, type ClientDir } from '../client/helpers.js';
import { h2Session, makeCertificate } from './helpers.js';

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

interface ThingsApi {
  hello(): Promise<{ hello: string; host?: string }>;
  create(args: { thing: { name: string; count: number } }): Promise<{ name: string; count: number }>;
  stream(): AsyncIterable<{ tick: number }>;
  tick(args: { body: { tick: number } }): Promise<{ delivered: boolean }>;
  tickState(): Promise<{ open: number; ended: number }>;
  frob(): Promise<string>;
  echo(): AsyncIterable<string> & { send(message: string): void; close(): void };
}

interface ClientModule {
  createClient(options: { baseUrl: string; fetch: FetchLike; WebSocket?: unknown }): { things: ThingsApi };
  ApiError: new (...args: never[]) => Error & { status: number; problem?: { type: string } };
}

const root = fileURLToPath(new URL('../fixtures/tls', import.meta.url));
const certificate = makeCertificate();
let app: SvcApp;
let base: string;
let session: ClientHttp2Session;
let folder: ClientDir;
let client: ClientModule;

before(async () => {
  app = await createTestApp({
    root,
    log: false,
    tls: { key: certificate.keyFile, cert: certificate.certFile },
  });
  const { port } = await app.listen({ host: '127.0.0.1', port: 0 });
  base = `https://localhost:${port}`;
  session = await h2Session(base, certificate.ca);
  folder = makeClientDir(clientOf(root), []);
  client = await folder.load<ClientModule>('client.ts');
});
after(async () => {
  session?.close();
  await app?.close();
  folder?.remove();
  certificate.remove();
});

/** A Response from a status, Node's headers and a body stream (none for bodiless statuses). */
function response(status: number, headers: IncomingHttpHeaders, body: Readable): Response {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) out.append(name, one);
  }
  const stream =
    status === 204 || status === 304 ? null : (Readable.toWeb(body) as ReadableStream<Uint8Array>);
  return new Response(stream, { status, headers: out });
}

function requestHeaders(init: RequestInit): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  return headers;
}

/** fetch on the HTTP/2 session: each call one stream; the call's signal cancels it. */
function http2Fetch(h2: ClientHttp2Session): FetchLike {
  return async (input, init) => {
    const url = new URL(input);
    const headers: OutgoingHttpHeaders = {
      ...requestHeaders(init),
      ':method': init.method ?? 'GET',
      ':path': url.pathname + url.search,
    };
    const body = init.body as string | undefined | null;
    const stream = h2.request(headers, { endStream: body == null, signal: init.signal ?? undefined });
    if (body != null) stream.end(body);
    const [answer] = (await once(stream, 'response')) as [IncomingHttpHeaders & { ':status': number }];
    return response(answer[':status'], answer, stream);
  };
}

/** fetch on node:https: HTTP/1.1 over TLS, trusting the test certificate. */
function http1Fetch(ca: string): FetchLike {
  return async (input, init) => {
    const req = httpsRequest(input, {
      method: init.method ?? 'GET',
      headers: requestHeaders(init),
      ca,
      signal: init.signal ?? undefined,
    });
    req.end((init.body as string | undefined | null) ?? undefined);
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    return response(res.statusCode ?? 0, res.headers, res);
  };
}

/** ws, trusting the test certificate (the client calls `new WebSocket(url[, options])`). */
class TrustingWebSocket extends WebSocket {
  constructor(url: string, options?: WebSocket.ClientOptions) {
    super(url, { ...options, ca: certificate.ca });
  }
}

for (const [protocol, fetchFor] of [
  ['HTTP/2', () => http2Fetch(session)],
  ['HTTP/1.1', () => http1Fetch(certificate.ca)],
] as const) {
  describe(`the typed client over ${protocol}`, () => {
    let things: ThingsApi;
    before(() => {
      things = client.createClient({
        baseUrl: `${base}/api`,
        fetch: fetchFor(),
        WebSocket: TrustingWebSocket,
      }).things;
    });

    it('calls a route and reads its JSON', async () => {
      assert.deepEqual(await things.hello(), { hello: 'world', host: new URL(base).host });
    });

    it('sends a JSON body; an invalid one is an ApiError with the problem', async () => {
      assert.deepEqual(await things.create({ thing: { name: 'lamp', count: 3 } }), {
        name: 'lamp',
        count: 3,
      });
      const failed = await things.create({ thing: { name: '', count: 3 } }).then(
        () => assert.fail('no error'),
        (error: unknown) => error,
      );
      assert.ok(failed instanceof client.ApiError);
      assert.equal(failed.status, 400);
      assert.equal(failed.problem?.type, 'urn:svc:error:SVC_ERR_VALIDATION');
    });

    // Bounded: a stream that outlived its client would keep this test polling forever.
    it(
      'reads an SSE stream item by item; leaving the loop ends the stream on the server',
      { timeout: 60_000 },
      async () => {
        const before = await things.tickState();
        const seen: number[] = [];
        await things.tick({ body: { tick: 1 } });
        for await (const item of things.stream()) {
          seen.push(item.tick);
          if (item.tick === 3) break;
          await things.tick({ body: { tick: item.tick + 1 } });
        }
        assert.deepEqual(seen, [1, 2, 3]);
        let state = await things.tickState();
        while (state.ended === before.ended) state = await things.tickState();
        assert.deepEqual(state, { open: before.open, ended: before.ended + 1 });
      },
    );

    it('calls a custom method', async () => {
      assert.equal(await things.frob(), 'frobbed');
    });

    it('opens the WebSocket route (always HTTP/1.1)', async () => {
      const socket = things.echo();
      socket.send('over tls');
      for await (const message of socket) {
        assert.equal(message, 'echo over tls');
        break;
      }
      socket.close();
    });
  });
}
