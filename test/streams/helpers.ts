/** Shared helpers for the stream tests: servers on port 0 and raw readers. */
import { once } from 'node:events';
import http, { type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function listen(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

export async function startServer(handler: RequestListener): Promise<{ server: Server; port: number }> {
  const server = http.createServer(handler);
  return { server, port: await listen(server) };
}

export async function stopServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A promise plus its resolver, for "this happened" flags. */
export function signal<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export function get(port: number, path: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path }, resolve).on('error', reject);
  });
}

/** Reads the body as text until it holds `needle`; leaves the response open. */
export async function readUntil(res: IncomingMessage, needle: string, seen = { text: '' }): Promise<string> {
  res.setEncoding('utf8');
  while (!seen.text.includes(needle)) {
    const [chunk] = (await once(res, 'data')) as [string];
    seen.text += chunk;
  }
  return seen.text;
}

export async function readAll(res: IncomingMessage): Promise<string> {
  res.setEncoding('utf8');
  let text = '';
  for await (const chunk of res) text += chunk as string;
  return text;
}
