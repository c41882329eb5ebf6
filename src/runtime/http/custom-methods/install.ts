/**
 * Serves requests whose method Node's HTTP parser does not know (`defineMethod('CUSTOM')`).
 * llhttp rejects such a request with HPE_INVALID_METHOD before any handler runs; the server's
 * 'clientError' event hands over the bytes read so far (`err.rawPacket`) and the socket, and
 * the request is parsed here and given to the normal request handler (or, when it expects
 * `100 Continue`, to the server's 'checkContinue' listeners, as Node does: dispatch.ts). Every
 * other client error keeps Node's default answer.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { answerProblem } from './answer.js';
import { CustomMethodConnection, socketFree } from './connection.js';
import { dispatcher, type RequestHandler } from './dispatch.js';
import { idleBeforePacket, sampleOnRequestEnd } from './parser-idle.js';
import { locateRequestStart } from './request-start.js';

const UNCERTAIN_START =
  'The request could not be parsed: its method is not valid and where the request begins is uncertain.';

export interface CustomMethodOptions {
  /**
   * The custom methods the app declares (upper case). A request with any other method Node does
   * not know gets 501. Default: none.
   */
  methods?: Iterable<string> | ((method: string) => boolean);
  /** Largest body in bytes (413 above it). Default 1 MiB. */
  bodyLimit?: number;
  /** Largest request head in bytes (431 above it). Default 16 KiB, like Node's. */
  maxHeaderBytes?: number;
  /** Time allowed for the rest of the request to arrive (408 after it). Default 10 s. */
  timeoutMs?: number;
  /** Answers the client errors this module does not handle. Default: Node's own answer. */
  onOtherClientError?: (error: ClientError, socket: Socket) => void;
}

export interface ClientError extends Error {
  code?: string;
  bytesParsed?: number;
  rawPacket?: Buffer;
}

export const DEFAULT_CUSTOM_METHOD_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_HEADER_BYTES = 16 * 1024;

/** Node's default: a bare status line and close, unless a response is already on the wire. */
export function answerLikeNode(error: ClientError, socket: Socket): void {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } | null })._httpMessage;
  if (socket.writable && (!inFlight || !inFlight.headersSent)) {
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? '431 Request Header Fields Too Large'
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? '408 Request Timeout'
          : '400 Bad Request';
    socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  }
  socket.destroy(error);
}

function declaredTest(methods: CustomMethodOptions['methods']): (method: string) => boolean {
  if (typeof methods === 'function') return methods;
  const declared = new Set(methods ?? []);
  return (method) => declared.has(method);
}

/**
 * Call from the server's request listener for every request Node parsed, on a server that does
 * not make its requests as `IdleSampledRequest` (svc's own do, and need no call): a custom method
 * that begins a later read of the connection is taken over only when Node's parser was between
 * requests as that read began, which is sampled when a request was read to its end.
 */
export function noteRequest(req: IncomingMessage): void {
  req.on('end', sampleOnRequestEnd);
}

/** Removes the server's own parser from the socket so it stops reading (and re-failing on) its bytes. */
function detachNodeParser(socket: Socket): void {
  socket.removeAllListeners('data');
  socket.removeAllListeners('end');
  socket.removeAllListeners('timeout');
  socket.setTimeout(0);
}

/** Installs the support on `server`; returns a function that removes it again. */
export function installCustomMethodSupport(
  server: Server,
  handleRequest: RequestHandler,
  options: CustomMethodOptions = {},
): () => void {
  const limits = {
    isDeclared: declaredTest(options.methods),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    maxHeaderBytes: options.maxHeaderBytes ?? DEFAULT_MAX_HEADER_BYTES,
    timeoutMs: options.timeoutMs ?? DEFAULT_CUSTOM_METHOD_TIMEOUT_MS,
  };
  const otherError = options.onOtherClientError ?? answerLikeNode;
  const dispatch = dispatcher(server, handleRequest);
  const takenOver = new WeakSet<Socket>();
  const onClientError = (error: ClientError, socket: Socket): void => {
    // After a takeover the server's parser may still report (for example its request timeout).
    if (takenOver.has(socket)) return;
    if (error.code !== 'HPE_INVALID_METHOD' || !error.rawPacket) return otherError(error, socket);
    takenOver.add(socket);
    detachNodeParser(socket);
    socket.on('error', () => {});
    const packet = error.rawPacket;
    const start = locateRequestStart(packet, error.bytesParsed, idleBeforePacket(socket, packet));
    if (!start.certain) {
      void socketFree(socket).then(() => {
        if (!socket.destroyed) answerProblem(socket, 'SVC_ERR_BAD_REQUEST', UNCERTAIN_START);
      });
      return;
    }
    new CustomMethodConnection(socket, packet.subarray(start.offset), limits, dispatch);
  };
  server.on('clientError', onClientError);
  return () => server.off('clientError', onClientError);
}
