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
 */
import type { IncomingMessage } from 'node:http';
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

/** True when the parser was between requests as the read `packet` began. */
export function idleBeforePacket(socket: Socket, packet: Buffer): boolean {
  const before = socket.bytesRead - packet.length;
  return before === 0 || (socket as SampledSocket)[idleAt] === before;
}
