/**
 * The one adapter between HTTP/2 and the runtime. Node's compatibility API hands each HTTP/2
 * stream over as an `Http2ServerRequest` / `Http2ServerResponse` pair; these subclasses (given
 * to `http2.createSecureServer`) make that pair behave as the `node:http` pair in every way svc
 * relies on, so the request handler, the body reader, SSE and the request log run unchanged:
 *
 * - connection-specific headers (`Connection`, `Keep-Alive`, ...; RFC 9113 §8.2.2) are dropped
 *   where HTTP/1.1 code sets them, which Node would otherwise refuse with a throw or a warning;
 * - a reason phrase is ignored (HTTP/2 has none; Node warns on every use);
 * - `shouldKeepAlive` is a plain flag: a stream never holds its connection, and a shutdown
 *   closes sessions with GOAWAY (secure-server.ts);
 * - `closed`, `destroyed` and `writableNeedDrain` read the stream's state, as on `node:http`,
 *   and `writableFinished` is true only for an answer that went out whole: Node's says true for
 *   a stream the client reset too, and svc reads it to tell a client that left (its request's
 *   signal aborts, an SSE handler's `finally` runs) from one that got everything;
 * - the request reads as the HTTP/1.1 request a gateway would make of it: a `host` header
 *   (copied from `:authority`, RFC 9113 §8.3.1), `Transfer-Encoding: chunked` for a body of no
 *   declared length (HTTP/2 frames bodies itself, and svc's body reader, like HTTP/1.1, reads one
 *   only when a length or a transfer coding says there is one), and a CONNECT's `url` is its
 *   authority, as HTTP/1.1 sends it.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { constants, Http2ServerRequest, Http2ServerResponse } from 'node:http2';

/** Header fields that only mean something for one HTTP/1.1 connection (RFC 9113 §8.2.2). */
const CONNECTION_SPECIFIC = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
]);

const isConnectionSpecific = (name: string): boolean => CONNECTION_SPECIFIC.has(name.toLowerCase());

/** The headers without the connection-specific ones. */
function withoutConnectionHeaders(headers: OutgoingHttpHeaders | undefined): OutgoingHttpHeaders | undefined {
  if (headers === undefined) return undefined;
  let kept: OutgoingHttpHeaders | undefined;
  for (const name of Object.keys(headers)) {
    if (!isConnectionSpecific(name)) continue;
    kept ??= { ...headers };
    delete kept[name];
  }
  return kept ?? headers;
}

export class SvcHttp2Request extends Http2ServerRequest {
  constructor(...args: ConstructorParameters<typeof Http2ServerRequest>) {
    super(...args);
    const headers = this.headers;
    const authority = headers[':authority'];
    if (headers.host === undefined && typeof authority === 'string') headers.host = authority;
    // DATA frames follow unless the HEADERS frame ended the stream.
    if (!this.stream.endAfterHeaders && headers['content-length'] === undefined)
      headers['transfer-encoding'] = 'chunked';
    // HTTP/2 sends a CONNECT without `:path`; HTTP/1.1's target for it is the authority.
    if (this.method === 'CONNECT' && headers[':path'] === undefined && typeof authority === 'string')
      this.url = authority;
  }
}

export class SvcHttp2Response extends Http2ServerResponse {
  /** Read and set by HTTP/1.1 code ("close after this answer"); a stream has no connection to close. */
  shouldKeepAlive = true;

  override setHeader(name: string, value: number | string | readonly string[]): void {
    if (!isConnectionSpecific(name)) super.setHeader(name, value);
  }

  override writeHead(statusCode: number, headers?: OutgoingHttpHeaders): this;
  override writeHead(statusCode: number, statusMessage: string, headers?: OutgoingHttpHeaders): this;
  override writeHead(
    statusCode: number,
    messageOrHeaders?: string | OutgoingHttpHeaders,
    headers?: OutgoingHttpHeaders,
  ): this {
    // The reason phrase is dropped with the connection headers: HTTP/2 has no place for it.
    const given = typeof messageOrHeaders === 'string' ? headers : messageOrHeaders;
    return super.writeHead(statusCode, withoutConnectionHeaders(given));
  }
}

/**
 * Accessors over what the base class's type declares as properties (TypeScript cannot redeclare
 * them in the class body): the stream's state, as `node:http`'s response reports its socket's.
 */
Object.defineProperties(SvcHttp2Response.prototype, {
  statusMessage: { get: () => '', set: () => {}, configurable: true },
  closed: {
    get(this: SvcHttp2Response) {
      return this.stream.closed;
    },
    configurable: true,
  },
  destroyed: {
    get(this: SvcHttp2Response) {
      return this.stream.destroyed;
    },
    configurable: true,
  },
  writableNeedDrain: {
    get(this: SvcHttp2Response) {
      return this.stream.writableNeedDrain;
    },
    configurable: true,
  },
  writableFinished: {
    get(this: SvcHttp2Response) {
      // Ended by svc, flushed, and closed without a reset (rstCode stays unset while it is open).
      const rstCode = this.stream.rstCode ?? constants.NGHTTP2_NO_ERROR;
      return this.writableEnded && this.stream.writableFinished && rstCode === constants.NGHTTP2_NO_ERROR;
    },
    configurable: true,
  },
});

/** True for a response of an HTTP/2 stream (the TLS server serves HTTP/1.1 on the same port). */
export function isHttp2Response(res: object): res is SvcHttp2Response {
  return res instanceof SvcHttp2Response;
}
