/**
 * Whether Node's HTTP parser had consumed nothing of a new request when a read began. The
 * parser keeps the bytes of a method it has not finished matching (`A` of `ACL`, `GET`, `MK` of
 * `MKCOL`) across reads, even after the request before them was answered; a refused method
 * taken to start at the read's first byte would then be another method than the one on the
 * wire (`A` + `CUSTOM`, `GET` + `VIEW`).
 *
 * Node's parser (the socket's private `parser`) tells how long the message it is reading has
 * been under way (`duration()`, in ms): 0 from the end of a message until the first byte of the
 * next one. It is sampled each time a request is read to its end; when it said 0 and the socket
 * has read nothing since, the parser began the next read between requests. A Node without that
 * method gives no sample, and the request is refused as uncertain. A test checks the method's
 * behaviour on the Node version that runs it (test/security/request-start.test.ts).
 *
 * svc's servers make their requests as `IdleSampledRequest`s, which sample as they are destroyed
 * (right after 'end'): the same moment as an 'end' listener, without adding one to every request.
 */
import { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

const idleAt = Symbol('svc.parserIdleAt');

type SampledSocket = Socket & {
  parser?: { duration?: () => number } | null;
  /** `bytesRead` when the parser was last seen between requests. */
  [idleAt]?: number;
};

/** Records `bytesRead` if the socket's parser is between requests now. */
export function sampleParserIdle(socket: Socket): void {
  const sampled = socket as SampledSocket;
  if (sampled.parser?.duration?.() === 0) sampled[idleAt] = socket.bytesRead;
}

/** An 'end' listener shared by every request (no closure per request on the hot path). */
export function sampleOnRequestEnd(this: IncomingMessage): void {
  sampleParserIdle(this.socket);
}

/**
 * The request class svc's servers pass to Node (`IncomingMessage` / `Http1IncomingMessage`).
 * A request read to its end is destroyed by its stream (autoDestroy) in the same tick as its 'end'
 * is emitted, and samples there. An 'end' listener per request (`noteRequest`) did the same and
 * cost ~0.2 µs of each request: adding the listener, then calling it through `emit`.
 */
export class IdleSampledRequest extends IncomingMessage {
  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // One destroyed before its end (a connection closed mid-body) has nothing to tell.
    if (this.complete) sampleParserIdle(this.socket);
    super._destroy(error, callback);
  }
}

/** True when the parser was between requests as the read `packet` began. */
export function idleBeforePacket(socket: Socket, packet: Buffer): boolean {
  const before = socket.bytesRead - packet.length;
  return before === 0 || (socket as SampledSocket)[idleAt] === before;
}
