/**
 * HTTP/2 sessions that stay idle are closed by the server with GOAWAY, gracefully: a stream the
 * session still carries is answered. (The server module is driven directly, with a short idle
 * time in place of the 60 s an app's server uses.)
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { constants } from 'node:http2';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { createSecureServer } from '../../src/runtime/http/tls/secure-server.js';
import { h2Request, h2Session, makeCertificate } from './helpers.js';

const certificate = makeCertificate();
after(() => certificate.remove());

test(
  'an idle session gets GOAWAY; the stream it still carries is answered',
  { timeout: 30_000 },
  async () => {
    const held: ServerResponse[] = [];
    const serve = (_req: unknown, res: ServerResponse): void => {
      held.push(res);
    };
    const tls = {
      key: readFileSync(certificate.keyFile),
      cert: readFileSync(certificate.certFile),
      http2: true,
    };
    const { server } = createSecureServer(tls, serve, serve, 50);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const session = await h2Session(
      `https://localhost:${(server.address() as AddressInfo).port}`,
      certificate.ca,
    );
    // A request the server holds unanswered: no frame flows while it waits.
    const answer = h2Request(session, { ':path': '/held' });
    const [code] = (await once(session, 'goaway')) as [number];
    assert.equal(code, constants.NGHTTP2_NO_ERROR);
    assert.equal(held.length, 1);
    held[0]?.end('still answered');
    assert.deepEqual(await answer.then(({ status, text }) => ({ status, text })), {
      status: 200,
      text: 'still answered',
    });
    await once(session, 'close');
    await new Promise((resolve) => server.close(resolve));
  },
);
