/**
 * Test helpers: send one request through a real socket and through `inject`, so every
 * behaviour test checks both paths (they share one request handler and must not diverge).
 */
import { request as httpRequest } from 'node:http';
import type { InjectRequest, SvcApp } from '../../src/runtime/app-types.js';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  via: 'socket' | 'inject';
}

function encode(body: unknown, headers: Record<string, string>): Buffer | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return Buffer.from(body);
  headers['content-type'] ??= 'application/json';
  return Buffer.from(JSON.stringify(body));
}

/** A raw HTTP request to the listening app (the path is sent exactly as given). */
export function viaSocket(base: string, req: InjectRequest): Promise<Reply> {
  const url = new URL(base);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers ?? {})) headers[name.toLowerCase()] = String(value);
  const payload = encode(req.body, headers);
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, method: req.method, path: req.url, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            via: 'socket',
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

export async function viaInject(app: SvcApp, req: InjectRequest): Promise<Reply> {
  const res = await app.inject(req);
  return { status: res.status, headers: res.headers, text: res.text, via: 'inject' };
}

/** Runs `check` on the reply from the socket and on the reply from inject. */
export async function both(
  app: SvcApp,
  base: string,
  req: InjectRequest,
  check: (reply: Reply) => void,
): Promise<void> {
  check(await viaSocket(base, req));
  check(await viaInject(app, req));
}

export function json(reply: Reply): unknown {
  return JSON.parse(reply.text);
}
