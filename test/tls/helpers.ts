/**
 * Helpers for the TLS tests: a self-signed certificate made by `openssl` for the test (for
 * `localhost` and 127.0.0.1; .ci/run installs openssl), and small clients over a real port:
 * Node's HTTP/2 client (answers and SSE streams read from the wire), HTTPS over HTTP/1.1, and
 * raw TLS sockets.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import {
  connect,
  constants,
  type ClientHttp2Session,
  type ClientHttp2Stream,
  type IncomingHttpHeaders,
  type IncomingHttpStatusHeader,
  type OutgoingHttpHeaders,
} from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from 'node:tls';

export interface Certificate {
  dir: string;
  keyFile: string;
  certFile: string;
  /** The certificate's PEM text, which clients trust as their CA. */
  ca: string;
  remove(): void;
}

/** A fresh EC key and self-signed certificate (one day) in a temporary directory. */
export function makeCertificate(): Certificate {
  const dir = mkdtempSync(join(tmpdir(), 'svc-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
      .concat(['-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=localhost'])
      .concat(['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1']),
    { stdio: 'pipe' },
  );
  const ca = readFileSync(certFile, 'utf8');
  return { dir, keyFile, certFile, ca, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export type Http2Headers = IncomingHttpHeaders & IncomingHttpStatusHeader;

export interface Http2Answer {
  status: number;
  headers: Http2Headers;
  body: Buffer;
  text: string;
}

/** An HTTP/2 session to `base` (`https://localhost:<port>`), trusting `ca`. */
export async function h2Session(base: string, ca: string): Promise<ClientHttp2Session> {
  const session = connect(base, { ca });
  await once(session, 'connect');
  return session;
}

/** One request on the session, read to its end. */
export async function h2Request(
  session: ClientHttp2Session,
  headers: OutgoingHttpHeaders,
  body?: string,
): Promise<Http2Answer> {
  const stream = session.request(headers, { endStream: body === undefined });
  if (body !== undefined) stream.end(body);
  const [responseHeaders] = (await once(stream, 'response')) as [Http2Headers];
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  return {
    status: Number(responseHeaders[':status']),
    headers: responseHeaders,
    body: bytes,
    text: bytes.toString('utf8'),
  };
}

/** Reads an SSE stream as it arrives: `next()` gives the text of the next `data:` line. */
export function eventReader(stream: ClientHttp2Stream): { next(): Promise<string> } {
  let text = '';
  let ended = false;
  let wake: (() => void) | undefined;
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    text += chunk;
    wake?.();
  });
  stream.on('close', () => {
    ended = true;
    wake?.();
  });
  return {
    async next() {
      for (;;) {
        const match = /^data: (.*)\n/m.exec(text);
        if (match !== null) {
          text = text.slice(match.index + match[0].length);
          return match[1] as string;
        }
        if (ended) throw new Error(`the stream ended without another event (read: ${JSON.stringify(text)})`);
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    },
  };
}

/** Cancels a stream as a client that stops reading does (RST_STREAM with CANCEL). */
export function cancel(stream: ClientHttp2Stream): void {
  stream.close(constants.NGHTTP2_CANCEL);
}

export interface Http1Answer {
  status: number;
  httpVersion: string;
  alpn: string | false | null;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** HTTPS over HTTP/1.1 with node:https. */
export function httpsGet(
  url: string,
  ca: string,
  options: RequestOptions & Pick<ConnectionOptions, 'ALPNProtocols'> = {},
): Promise<Http1Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { ca, agent: false, ...options }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          httpVersion: res.httpVersion,
          alpn: (res.socket as TLSSocket).alpnProtocol,
          headers: res.headers,
          text,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw TLS connection (ALPN `http/1.1` offered when `alpn` is given). */
export async function tlsSocket(port: number, ca: string, alpn?: string[]): Promise<TLSSocket> {
  const socket = tlsConnect({ host: '127.0.0.1', servername: 'localhost', port, ca, ALPNProtocols: alpn });
  await once(socket, 'secureConnect');
  return socket;
}

/** Everything the server sends until it closes the connection. */
export async function readToClose(socket: TLSSocket): Promise<string> {
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  await once(socket, 'close');
  return text;
}
