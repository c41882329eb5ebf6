/**
 * `Expect: 100-continue` over a raw socket: `100 Continue` is sent only once middleware and guards
 * passed and the body is wanted; a guard's refusal (or a declared length over the limit) is the
 * final answer at once, the body never asked for, and the connection closed after it.
 */
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serveFixture } from '../support/served-fixture.js';

const root = fileURLToPath(new URL('../fixtures/production', import.meta.url));
const served = serveFixture(root);

/** A raw connection whose received text can be awaited up to a marker. */
class RawClient {
  private readonly socket: Socket;
  received = '';
  private waiter: (() => void) | undefined;
  readonly closed: Promise<void>;

  constructor(base: string) {
    const url = new URL(base);
    this.socket = connect(Number(url.port), url.hostname);
    this.socket.setEncoding('latin1');
    this.socket.on('data', (chunk: string) => {
      this.received += chunk;
      this.waiter?.();
    });
    this.closed = new Promise((resolve) => this.socket.on('close', () => resolve()));
  }

  send(text: string): void {
    this.socket.write(text);
  }

  /** Resolves once the received text matches `pattern`. */
  until(pattern: RegExp): Promise<void> {
    return new Promise((resolve) => {
      const check = (): void => {
        if (!pattern.test(this.received)) return;
        this.waiter = undefined;
        resolve();
      };
      this.waiter = check;
      check();
    });
  }
}

function head(path: string, length: number, extra = ''): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${length}\r\nExpect: 100-continue\r\n${extra}\r\n`
  );
}

const BODY = JSON.stringify({ text: 'hello' });

test('a guard that refuses answers 401 at once: no 100 Continue, no body read, connection closed', async () => {
  const client = new RawClient(served.base);
  client.send(head('/api/things/guarded', BODY.length));
  await client.closed;
  assert.match(client.received, /^HTTP\/1\.1 401 Unauthorized\r\n/);
  assert.doesNotMatch(client.received, /100 Continue/);
  assert.match(client.received, /\r\nConnection: close\r\n/i);
  assert.match(client.received, /\r\n\r\nno token$/);
});

test('a guard that passes: 100 Continue, then the body is read and answered', async () => {
  const client = new RawClient(served.base);
  client.send(head('/api/things/guarded', BODY.length, 'Authorization: Bearer ok\r\n'));
  await client.until(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
  assert.equal(client.received, 'HTTP/1.1 100 Continue\r\n\r\n');
  client.send(BODY);
  await client.until(/\r\n\r\n\{"text":"hello"\}$/);
  assert.match(client.received, /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
  // The body was read, so the connection stays open for the next request.
  assert.match(client.received, /\r\nConnection: keep-alive\r\n/i);
  client.send('GET /api/things/hello HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n');
  await client.closed;
  assert.match(client.received, /\{"hello":"world"\}$/);
});

test('a declared length over the body limit answers 413 without 100 Continue', async () => {
  const client = new RawClient(served.base);
  client.send(head('/api/things/notes', 5000));
  await client.closed;
  assert.match(client.received, /^HTTP\/1\.1 413 Payload Too Large\r\n/);
  assert.doesNotMatch(client.received, /100 Continue/);
});
