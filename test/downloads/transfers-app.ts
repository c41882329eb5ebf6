/**
 * The transfers app (test/fixtures/apps/transfers) served on a real port with its log lines
 * kept, and a raw-socket exchange for what a client sees byte by byte.
 */
import { EventEmitter, once } from 'node:events';
import { connect } from 'node:net';
import { join } from 'node:path';
import { REPO } from '../cli/helpers.js';
import { serveFixture, type ServedFixture } from '../support/served-fixture.js';
import type { TestAppOptions } from '../../src/testing/index.js';

export const TRANSFERS_ROOT = join(REPO, 'test', 'fixtures', 'apps', 'transfers');

export interface ServedTransfers extends ServedFixture {
  /** Every line the app logged (no request log), in order. */
  logs: string[];
  /** Emits `line` for each. */
  logged: EventEmitter;
}

export function serveTransfers(options: Omit<TestAppOptions, 'root'> = {}): ServedTransfers {
  const logs: string[] = [];
  const logged = new EventEmitter();
  const log = (line: string): void => {
    logs.push(line);
    logged.emit('line', line);
  };
  const served = serveFixture(TRANSFERS_ROOT, { log, requestLog: false, ...options });
  return Object.assign(served, { logs, logged });
}

/** What came back on one connection: every byte, until the server ended or cut it. */
export interface RawExchange {
  text: string;
  /** The head's status code. */
  status: number;
  /** The head's headers, names lower-cased. */
  headers: Record<string, string>;
  /** What came after the head. */
  body: string;
}

/**
 * Writes `writes` on a fresh connection and reads until the server closes it (so the request is
 * one the server ends with a close or a cut); `seen` is told what has come so far, each time
 * more comes.
 */
export async function rawExchange(
  base: string,
  writes: readonly (string | Buffer)[],
  seen?: (text: string) => void,
): Promise<RawExchange> {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  // A cut answer may reach the client as a reset: it ends the exchange like a close.
  socket.on('error', () => {});
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    seen?.(Buffer.concat(chunks).toString('latin1'));
  });
  const closed = once(socket, 'close');
  for (const chunk of writes) socket.write(chunk);
  await closed;
  return parse(Buffer.concat(chunks).toString('latin1'));
}

function parse(text: string): RawExchange {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, end === -1 ? text.length : end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine.split(' ')[1]);
  return { text, status, headers, body: end === -1 ? '' : text.slice(end + 4) };
}
