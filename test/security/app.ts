/** The security fixture app over a real socket, one instance per unknown-properties mode. */
import { fileURLToPath } from 'node:url';
import type { SvcApp } from '../../src/runtime/app-types.js';
import { createTestApp } from '../../src/testing/index.js';

const root = fileURLToPath(new URL('../fixtures/security/app', import.meta.url));

export type UnknownMode = 'keep' | 'strip' | 'reject';

export interface RunningApp {
  app: SvcApp;
  base: string;
}

export async function startSecurityApp(unknownProperties: UnknownMode = 'keep'): Promise<RunningApp> {
  const app = await createTestApp({ root, dev: false, log: () => {}, unknownProperties });
  return { app, base: (await app.listen({ host: '127.0.0.1', port: 0 })).url };
}

export interface Reply {
  status: number;
  type: string | null;
  json: any;
}

export async function send(url: string, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(url, init);
  return { status: response.status, type: response.headers.get('content-type'), json: await response.json() };
}

/** The `in name: message` lines of a 400 problem answer. */
export function problemErrors(reply: Reply): string[] {
  if (reply.status !== 400)
    throw new Error(`expected a 400, got ${reply.status}: ${JSON.stringify(reply.json)}`);
  if (reply.type !== 'application/problem+json') throw new Error(`expected a problem, got ${reply.type}`);
  const errors = (reply.json.errors ?? []) as { in: string; name: string; message: string }[];
  return errors.map((error) => `${error.in} ${error.name}: ${error.message}`);
}
