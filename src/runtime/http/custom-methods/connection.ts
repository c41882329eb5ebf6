/**
 * Takes over a connection whose request Node's parser refused for its method: reads the head
 * from the socket, hands the request to the app as soon as the head is there (once every
 * earlier response on the connection is written), and pushes the body into the request as it
 * arrives, as Node's own server does; or answers the problem. The connection is closed after
 * the answer. One request per connection: whatever the client pipelined after it is not read.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '../../errors/catalogue.js';
import { responseOnSocket } from '../../streams/raw-response.js';
import { answerProblem } from './answer.js';
import type { Dispatch } from './dispatch.js';
import { decideFraming, type FramingRules } from './framing.js';
import { HeadBytes } from './head-bytes.js';
import { headScanResume, parseRequestHead, type RequestHead } from './parse-head.js';
import { incomingMessage } from './request.js';

export interface ConnectionLimits extends FramingRules {
  maxHeaderBytes: number;
  timeoutMs: number;
}

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

/** What the request is waiting for; 'done' once nothing more of it is read. */
type Phase = 'head' | 'body' | 'done';

/** How Node's server aborts a request whose connection closed before its body was read. */
function connectionLost(): Error {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
}

export class CustomMethodConnection {
  private phase: Phase = 'head';
  private readonly headBytes: HeadBytes;
  /** Head bytes already checked for line endings (a slow head is scanned once). */
  private headScanned = 0;
  private req: IncomingMessage | undefined;
  private res: ServerResponse | undefined;
  /** Body bytes still to come. */
  private remaining = 0;
  /** The request was answered with a problem before it reached the app. */
  private refused = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly socket: Socket,
    received: Buffer,
    private readonly limits: ConnectionLimits,
    private readonly dispatch: Dispatch,
  ) {
    this.headBytes = new HeadBytes(received);
    this.timer = setTimeout(
      () => this.fail('SVC_ERR_REQUEST_TIMEOUT', 'The request did not arrive in time.'),
      limits.timeoutMs,
    );
    this.timer.unref();
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.once('end', () =>
      this.fail('SVC_ERR_BAD_REQUEST', 'The connection ended before the request was complete.'),
    );
    socket.once('close', () => this.closed());
    this.readHead();
  }

  private receive(chunk: Buffer): void {
    if (this.phase === 'body') this.feed(chunk);
    else if (this.phase === 'head') {
      this.headBytes.append(chunk);
      this.readHead();
    }
  }

  /** Parses the head once it is all there, then starts the request; or answers the problem. */
  private readHead(): void {
    const buffer = this.headBytes.bytes;
    const parsed = parseRequestHead(buffer, this.headScanned);
    if (parsed.state === 'incomplete') {
      this.headScanned = headScanResume(buffer);
      if (buffer.length > this.limits.maxHeaderBytes) this.headTooLarge();
      return;
    }
    if (parsed.state === 'invalid') {
      this.fail('SVC_ERR_BAD_REQUEST', `The request could not be parsed: ${parsed.reason}.`);
      return;
    }
    if (parsed.bodyOffset > this.limits.maxHeaderBytes) {
      this.headTooLarge();
      return;
    }
    const framing = decideFraming(parsed.head, this.limits);
    if (!framing.ok) {
      this.fail(framing.code, framing.detail);
      return;
    }
    this.start(parsed.head, framing.bodyLength, buffer.subarray(parsed.bodyOffset));
  }

  private headTooLarge(): void {
    this.fail(
      'SVC_ERR_HEADERS_TOO_LARGE',
      `The request head is larger than ${this.limits.maxHeaderBytes} bytes.`,
    );
  }

  private start(head: RequestHead, bodyLength: number, received: Buffer): void {
    const req = incomingMessage(this.socket, head);
    this.req = req;
    this.remaining = bodyLength;
    this.phase = 'body';
    this.feed(received);
    void socketFree(this.socket).then(() => this.serve(req));
  }

  /** Pushes the body's bytes into the request as they come: no copy, linear in the body. */
  private feed(bytes: Buffer): void {
    const req = this.req!;
    const take = Math.min(bytes.length, this.remaining);
    if (take > 0) {
      req.push(take === bytes.length ? bytes : bytes.subarray(0, take));
      this.remaining -= take;
    }
    if (this.remaining === 0) {
      req.complete = true;
      req.push(null);
      this.stopReading();
    }
  }

  private serve(req: IncomingMessage): void {
    if (this.refused || this.socket.destroyed) return;
    const res = responseOnSocket(req, this.socket);
    this.res = res;
    // Once answered, the rest of the request is not wanted (the connection closes after it).
    res.once('finish', () => this.stopReading());
    this.dispatch(req, res, this.remaining > 0);
  }

  /** Stops reading the request: later bytes are dropped until the connection closes. */
  private stopReading(): void {
    if (this.phase === 'done') return;
    this.phase = 'done';
    clearTimeout(this.timer);
    this.headBytes.release();
  }

  /**
   * Answers the problem in place of the request and closes the connection. Once the app has the
   * request, the problem is written over its answer if that has not begun (as Node's server
   * answers a request timeout), else the connection is cut.
   */
  private fail(code: ErrorCode, detail: string): void {
    if (this.phase === 'done') return;
    this.stopReading();
    if (this.res === undefined) {
      this.refused = true;
      void socketFree(this.socket).then(() => {
        if (!this.socket.destroyed) answerProblem(this.socket, code, detail);
      });
    } else if (this.res.headersSent) {
      this.socket.destroy();
    } else {
      answerProblem(this.socket, code, detail);
    }
  }

  /** The connection is gone: a request still missing body bytes is aborted, so its reader stops. */
  private closed(): void {
    this.stopReading();
    const req = this.req;
    if (req !== undefined && !req.complete) req.destroy(connectionLost());
  }
}
