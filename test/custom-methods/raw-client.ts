/** A raw HTTP/1.1 client for tests: hand-written bytes in, the whole raw answer out. */
import net from 'node:net';
import type { ServerSockets } from './server-sockets.js';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Everything the server sent before closing. */
  raw: string;
}

/**
 * Sends each part as its own write and resolves with everything received once the server
 * closes the connection. Before writing the next part it waits until the server has read the
 * previous ones, so each part arrives as a separate read; that needs the server's sockets.
 */
export function rawExchange(
  port: number,
  parts: (string | Buffer)[],
  serverSockets?: ServerSockets,
): Promise<string> {
  if (parts.length > 1 && !serverSockets) {
    throw new Error('rawExchange: several parts need the server sockets to wait between them');
  }
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setNoDelay(true);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.on('connect', async () => {
      let sent = 0;
      for (const part of parts) {
        if (sent > 0) await serverSockets?.hasRead(sent, socket);
        if (socket.destroyed) return;
        socket.write(part);
        sent += Buffer.byteLength(part);
      }
    });
  });
}

/** Splits a raw answer holding one or more responses (Content-Length framed, or ending at close). */
export function parseResponses(raw: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd === -1) throw new Error(`no complete head in ${JSON.stringify(rest)}`);
    const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
    const bodyEnd = length === undefined ? rest.length : headEnd + 4 + length;
    const body = rest.slice(headEnd + 4, bodyEnd);
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body, raw: rest.slice(0, bodyEnd) });
    rest = rest.slice(bodyEnd);
  }
  return responses;
}

export async function rawRequest(
  port: number,
  parts: (string | Buffer)[],
  serverSockets?: ServerSockets,
): Promise<RawResponse> {
  const responses = parseResponses(await rawExchange(port, parts, serverSockets));
  if (responses.length !== 1) throw new Error(`expected one response, got ${responses.length}`);
  return responses[0]!;
}
