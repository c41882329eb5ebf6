/**
 * Takes over a connection whose request Node's parser refused for its method: collects the
 * rest of the request from the socket, then serves it with the app's request handler (or
 * answers the problem), and closes the connection. One request per connection: whatever the
 * client pipelined after it is not read.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '../../errors/catalogue.js';
import { answerProblem } from './answer.js';
import { decideFraming, type FramingRules } from './framing.js';
import { headersObject, headScanResume, parseRequestHead, type RequestHead } from './parse-head.js';
import { pairFor } from './request.js';

export interface ConnectionLimits extends FramingRules {
  maxHeaderBytes: number;
  timeoutMs: number;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** The response Node assigned to the socket for an earlier (pipelined) request, if any. */
export function inFlightResponse(socket: Socket): ServerResponse | undefined {
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}

/** Resolves once every earlier response on the socket is written, so answers keep their order. */
export async function socketFree(socket: Socket): Promise<void> {
  for (let res = inFlightResponse(socket); res; res = inFlightResponse(socket)) {
    if (socket.destroyed) return;
    const current = res;
    await new Promise<void>((resolve) => {
      current.once('finish', resolve);
      current.once('close', resolve);
    });
    // Node assigns the next queued response in its own 'finish' listener; look again after it.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export class CustomMethodConnection {
  private buffer: Buffer;
  private head: RequestHead | undefined;
  private bodyOffset = 0;
  private bodyLength = 0;
  /** Head bytes already checked for line endings (a slow head is scanned once). */
  private headScanned = 0;
  private settled = false;
  private readonly timer: NodeJS.Timeout;
  private readonly onData = (chunk: Buffer): void => this.receive(chunk);

  constructor(
    private readonly socket: Socket,
    received: Buffer,
    private readonly limits: ConnectionLimits,
    private readonly handleRequest: RequestHandler,
  ) {
    this.buffer = received;
    this.timer = setTimeout(
      () => this.fail('SVC_ERR_REQUEST_TIMEOUT', 'The request did not arrive in time.'),
      limits.timeoutMs,
    );
    this.timer.unref();
    socket.on('data', this.onData);
    socket.once('end', () =>
      this.fail('SVC_ERR_BAD_REQUEST', 'The connection ended before the request was complete.'),
    );
    socket.once('close', () => this.settle());
    this.receive(Buffer.alloc(0));
  }

  private receive(chunk: Buffer): void {
    if (this.settled) return;
    if (chunk.length > 0) this.buffer = Buffer.concat([this.buffer, chunk]);
    if (!this.head && !this.readHead()) return;
    if (this.buffer.length - this.bodyOffset < this.bodyLength) return;
    const body = this.buffer.subarray(this.bodyOffset, this.bodyOffset + this.bodyLength);
    const head = this.head!;
    this.settle();
    void socketFree(this.socket).then(() => this.serve(head, body));
  }

  /** Parses the head once it is all there; false while waiting or after answering an error. */
  private readHead(): boolean {
    const parsed = parseRequestHead(this.buffer, this.headScanned);
    if (parsed.state === 'incomplete') {
      this.headScanned = headScanResume(this.buffer);
      if (this.buffer.length > this.limits.maxHeaderBytes) {
        this.fail(
          'SVC_ERR_HEADERS_TOO_LARGE',
          `The request head is larger than ${this.limits.maxHeaderBytes} bytes.`,
        );
      }
      return false;
    }
    if (parsed.state === 'invalid') {
      this.fail('SVC_ERR_BAD_REQUEST', `The request could not be parsed: ${parsed.reason}.`);
      return false;
    }
    if (parsed.bodyOffset > this.limits.maxHeaderBytes) {
      this.fail(
        'SVC_ERR_HEADERS_TOO_LARGE',
        `The request head is larger than ${this.limits.maxHeaderBytes} bytes.`,
      );
      return false;
    }
    const framing = decideFraming(parsed.head, this.limits);
    if (!framing.ok) {
      this.fail(framing.code, framing.detail);
      return false;
    }
    this.head = parsed.head;
    this.bodyOffset = parsed.bodyOffset;
    this.bodyLength = framing.bodyLength;
    this.continueIfExpected(parsed.head);
    return true;
  }

  /** curl and others wait for `100 Continue` before sending a larger body (Node's parser does this too). */
  private continueIfExpected(head: RequestHead): void {
    const expect = headersObject(head.rawHeaders)['expect'];
    const waiting = this.buffer.length - this.bodyOffset < this.bodyLength;
    if (
      waiting &&
      typeof expect === 'string' &&
      expect.toLowerCase() === '100-continue' &&
      !inFlightResponse(this.socket)
    ) {
      this.socket.write('HTTP/1.1 100 Continue\r\n\r\n');
    }
  }

  /** Stops reading requests: later bytes are dropped until the connection closes. */
  private settle(): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.buffer = Buffer.alloc(0);
  }

  private fail(code: ErrorCode, detail: string): void {
    if (this.settled) return;
    this.settle();
    void socketFree(this.socket).then(() => {
      if (!this.socket.destroyed) answerProblem(this.socket, code, detail);
    });
  }

  private serve(head: RequestHead, body: Buffer): void {
    if (this.socket.destroyed) return;
    const [req, res] = pairFor(this.socket, head, body);
    this.handleRequest(req, res);
  }
}
